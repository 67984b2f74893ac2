import { describe, expect, it } from 'vitest';
import { isCardExpired, parseSandboxToken, sandboxOutcomeForCard, sandboxToken } from './sandbox-card.js';

describe('sandbox test cards', () => {
  it('maps the known test numbers to their outcomes', () => {
    expect(sandboxOutcomeForCard('4242 4242 4242 4242')).toBe('ok');
    expect(sandboxOutcomeForCard('4000000000000002')).toBe('declined');
    expect(sandboxOutcomeForCard('4000 0000 0000 9995')).toBe('insufficient');
    expect(sandboxOutcomeForCard('4000-0000-0000-0069')).toBe('expired');
    expect(sandboxOutcomeForCard('4000000000003220')).toBe('confirm');
    expect(sandboxOutcomeForCard('5555555555554444')).toBeUndefined();
  });

  it('round-trips a token that carries no card number', () => {
    const token = sandboxToken('declined', 4, 2031, 'abcDEF123456');
    expect(token).toBe('tok_sandbox_declined_0431_abcDEF123456');
    expect(token).not.toContain('4000000000000002');
    expect(parseSandboxToken(token)).toEqual({ outcome: 'declined', last4: '0002', expMonth: 4, expYear: 2031 });
    expect(parseSandboxToken('tok_sandbox_ok_1331_abcdefgh')).toBeUndefined();
    expect(parseSandboxToken('4242424242424242')).toBeUndefined();
  });

  it('treats a card as valid through the end of its expiry month', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isCardExpired(11, 2026, now)).toBe(false);
    expect(isCardExpired(10, 2026, now)).toBe(true);
    expect(isCardExpired(1, 2030, now)).toBe(false);
  });
});
