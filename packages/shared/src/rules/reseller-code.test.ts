import { describe, expect, it } from 'vitest';
import { resellerCodeSchema } from '../contracts/catalogue.js';
import { isResellerCode } from './reseller-code.js';

describe('isResellerCode', () => {
  it('accepts and refuses exactly what the contract schema does', () => {
    const samples = ['abc', 'ab', 'PARTNER-42', ' partner ', 'a'.repeat(32), 'a'.repeat(33), 'no_underscore', 'ünï', '', '   ', 'x y', '---', '42'];
    for (const s of samples) expect(isResellerCode(s), JSON.stringify(s)).toBe(resellerCodeSchema.safeParse(s).success);
  });
});
