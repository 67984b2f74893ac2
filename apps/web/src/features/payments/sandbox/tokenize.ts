import { cardDigits, isCvcValid, isExpiryInFuture, isLuhnValid, parseExpiry } from '@app/shared/rules/card-input';
import { sandboxOutcomeForCard, sandboxToken } from '@app/shared/rules/sandbox-card';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** Field problems by catalogue id (the form shows them under the fields). */
export type CardErrors = Partial<Record<keyof CardInput, string>>;

export function validateCard(input: CardInput, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(input.number);
  if (!digits) errors.number = 'card.error.numberRequired';
  else if (!isLuhnValid(digits)) errors.number = 'card.error.numberInvalid';
  else if (!sandboxOutcomeForCard(digits)) errors.number = 'card.error.notTestCard';
  const expiry = parseExpiry(input.expiry);
  if (!input.expiry.trim()) errors.expiry = 'card.error.expiryRequired';
  else if (!expiry) errors.expiry = 'card.error.expiryInvalid';
  else if (!isExpiryInFuture(expiry.month, expiry.year, now)) errors.expiry = 'card.error.expiryPast';
  if (!input.cvc.trim()) errors.cvc = 'card.error.cvcRequired';
  else if (!isCvcValid(input.cvc)) errors.cvc = 'card.error.cvcInvalid';
  return errors;
}

function randomPart(length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * The sandbox gateway's browser-side tokenisation: the token carries the test outcome, the expiry and
 * a random part, never the number or the CVC (shared rules/sandbox-card.ts). Call after validateCard.
 */
export function tokenizeSandboxCard(input: CardInput): string {
  const outcome = sandboxOutcomeForCard(input.number);
  const expiry = parseExpiry(input.expiry);
  if (!outcome || !expiry) throw new Error('tokenizeSandboxCard called with an invalid card');
  return sandboxToken(outcome, expiry.month, expiry.year, randomPart());
}
