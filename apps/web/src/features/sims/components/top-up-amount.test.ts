import { describe, expect, it } from 'vitest';
import { parseTopUp } from './top-up-panel';

describe('a top-up amount as typed', () => {
  it('takes a decimal comma and the page’s own digits', () => {
    expect(parseTopUp('12,50')).toEqual({ cents: 1250 });
    expect(parseTopUp('۲۰')).toEqual({ cents: 2000 });
    expect(parseTopUp('$10.5')).toEqual({ cents: 1050 });
    expect(parseTopUp('1,2,3')).toEqual({ error: 'number' });
  });
});
