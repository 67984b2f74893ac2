import { describe, expect, it } from 'vitest';
import { checkSimLines, classifySimNumber, isValidIccid, MAX_SIM_LINES, simNumbersFromCsv } from './sim-numbers.js';

// 19-digit ICCIDs of the simulator's demo stock (issuer 260), check digits computed by hand.
const GOOD = '8901260000000090015';
const GOOD_2 = '8901260000000090023';

describe('isValidIccid', () => {
  it('needs 89, 18 to 20 digits and a matching Luhn check digit', () => {
    expect(isValidIccid(GOOD)).toBe(true);
    expect(isValidIccid(GOOD_2)).toBe(true);
    expect(isValidIccid('8901260000000090016')).toBe(false);
    expect(isValidIccid('7901260000000090015')).toBe(false);
    expect(isValidIccid('89012600')).toBe(false);
  });
});

describe('classifySimNumber', () => {
  it('reads ICCIDs with spaces or dashes, ESNs and MEIDs, and says what is wrong otherwise', () => {
    expect(classifySimNumber(' 8901 2600 0000 0090 015 ')).toEqual({ value: GOOD, kind: 'iccid' });
    expect(classifySimNumber('8901-2600-0000-0090-016')).toEqual({ value: '8901260000000090016', problem: 'checksum' });
    expect(classifySimNumber('8a3f01c2')).toEqual({ value: '8A3F01C2', kind: 'esn' });
    expect(classifySimNumber('27012345678')).toEqual({ value: '27012345678', kind: 'esn' });
    expect(classifySimNumber('A1000012345678')).toEqual({ value: 'A1000012345678', kind: 'esn' });
    expect(classifySimNumber('hello')).toMatchObject({ problem: 'format' });
    expect(classifySimNumber('8.90126E+18')).toMatchObject({ problem: 'format' });
  });
});

describe('checkSimLines', () => {
  it('numbers lines as typed, skips blank ones and points repeats at the first', () => {
    const lines = checkSimLines([GOOD, '', 'nope', GOOD.replace(/(\d{4})/g, '$1 '), '8901260000000090016', GOOD_2]);
    expect(lines).toEqual([
      { line: 1, raw: GOOD, value: GOOD, kind: 'iccid' },
      { line: 3, raw: 'nope', value: 'NOPE', problem: 'format' },
      { line: 4, raw: GOOD.replace(/(\d{4})/g, '$1 ').trim(), value: GOOD, problem: 'duplicate', firstLine: 1 },
      { line: 5, raw: '8901260000000090016', value: '8901260000000090016', problem: 'checksum' },
      { line: 6, raw: GOOD_2, value: GOOD_2, kind: 'iccid' },
    ]);
  });

  it(`accepts at most ${MAX_SIM_LINES} numbers in one run`, () => {
    const many = Array.from({ length: MAX_SIM_LINES + 2 }, (_, i) => (10_000_000_000 + i).toString());
    const lines = checkSimLines(many);
    expect(lines.filter((l) => l.kind).length).toBe(MAX_SIM_LINES);
    expect(lines.slice(-2).map((l) => l.problem)).toEqual(['too_many', 'too_many']);
  });
});

describe('simNumbersFromCsv', () => {
  it('takes the column its header names, in any position', () => {
    expect(simNumbersFromCsv(`note;ICCID\r\nkitchen drawer;${GOOD}\r\n"box, 2";"${GOOD_2}"\r\n`)).toEqual([GOOD, GOOD_2]);
  });

  it('takes the first column of a file without a header, and drops a spreadsheet apostrophe', () => {
    expect(simNumbersFromCsv(`\uFEFF${GOOD},first\n'${GOOD_2},second\n\n`)).toEqual([GOOD, GOOD_2]);
  });

  it('skips a header row that names columns it does not know', () => {
    expect(simNumbersFromCsv(`Card,Where\n${GOOD},home\n`)).toEqual([GOOD]);
  });

  it('keeps empty rows in place so line numbers still match the file', () => {
    expect(simNumbersFromCsv(`iccid\n${GOOD}\n\n${GOOD_2}`)).toEqual([GOOD, '', GOOD_2]);
  });
});
