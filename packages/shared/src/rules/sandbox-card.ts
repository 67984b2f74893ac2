/**
 * The offline `sandbox` gateway's test cards (the numbers developers know from Stripe). The
 * browser-side sandbox card component turns a card into a token that carries only the test outcome,
 * the display fields a saved card needs (brand, last 4, expiry) and a random part, never the card
 * number: `tok_sandbox_<outcome>_<MMYY>_<random>`. The server's sandbox gateway reads the outcome.
 */

export const SANDBOX_OUTCOMES = ['ok', 'declined', 'insufficient', 'expired', 'confirm'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export const SANDBOX_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4242424242424242': 'ok',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient',
  '4000000000000069': 'expired',
  '4000000000003220': 'confirm',
};

/** The last four digits each outcome's card shows (the token does not carry the number). */
export const SANDBOX_LAST4: Readonly<Record<SandboxOutcome, string>> = {
  ok: '4242',
  declined: '0002',
  insufficient: '9995',
  expired: '0069',
  confirm: '3220',
};

/** The test outcome of a card number (spaces ignored), or undefined for a number the sandbox does not know. */
export function sandboxOutcomeForCard(cardNumber: string): SandboxOutcome | undefined {
  return SANDBOX_CARDS[cardNumber.replace(/[\s-]/g, '')];
}

const TOKEN_RE = /^tok_sandbox_(ok|declined|insufficient|expired|confirm)_(\d{2})(\d{2})_([A-Za-z0-9]{8,64})$/;

export function sandboxToken(outcome: SandboxOutcome, expMonth: number, expYear: number, random: string): string {
  const mm = String(expMonth).padStart(2, '0');
  const yy = String(expYear % 100).padStart(2, '0');
  return `tok_sandbox_${outcome}_${mm}${yy}_${random}`;
}

export interface SandboxTokenInfo {
  outcome: SandboxOutcome;
  last4: string;
  expMonth: number;
  expYear: number;
}

export function parseSandboxToken(token: string): SandboxTokenInfo | undefined {
  const m = TOKEN_RE.exec(token);
  if (!m) return undefined;
  const outcome = m[1] as SandboxOutcome;
  const expMonth = Number(m[2]);
  if (expMonth < 1 || expMonth > 12) return undefined;
  return { outcome, last4: SANDBOX_LAST4[outcome], expMonth, expYear: 2000 + Number(m[3]) };
}

/** SPEC §5: a card is valid while its expiry (the end of the expiry month) is later than now. */
export function isCardExpired(expMonth: number, expYear: number, now: Date = new Date()): boolean {
  const endOfMonth = Date.UTC(expYear, expMonth, 1); // first instant of the following month
  return endOfMonth <= now.getTime();
}
