/**
 * What can be a reseller or affiliate code (spec §2): letters, digits and '-', 3 to 32 characters once
 * trimmed. The contracts' `resellerCodeSchema` is built from these; `isResellerCode` applies the same
 * rule without zod, so the browser's unknown-path check does not load the schema library.
 */
export const RESELLER_CODE_MIN = 3;
export const RESELLER_CODE_MAX = 32;
export const RESELLER_CODE_PATTERN = /^[A-Za-z0-9-]+$/;

export function isResellerCode(value: string): boolean {
  const code = value.trim();
  return code.length >= RESELLER_CODE_MIN && code.length <= RESELLER_CODE_MAX && RESELLER_CODE_PATTERN.test(code);
}
