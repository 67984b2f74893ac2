import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Tourist plan')).toBe('Tourist plan');
    expect(csvCell(1250)).toBe('1250');
    expect(csvCell(-300)).toBe('-300');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])('prefixes a formula-like text %j with an apostrophe', (text) => {
    expect(csvCell(text).replace(/^"|"$/g, '').startsWith(`'${text.slice(0, 1)}`)).toBe(true);
  });

  it('quotes commas, quotes and line breaks, after the formula escape', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});

describe('toCsv', () => {
  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv([['Date', 'Amount'], ['2026-11-23', 12.5], ['-1', '@x']])).toBe("Date,Amount\r\n2026-11-23,12.5\r\n'-1,'@x\r\n");
  });
});
