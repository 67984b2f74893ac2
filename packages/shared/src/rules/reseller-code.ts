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

/** A path's last segment taken as a reseller code, and where to go without it. */
export interface UnknownPathResult {
  code: string;
  /** Where to go instead: the same path without the code, with the query string kept. */
  to: string;
}

/**
 * Spec §2 unknown-path rule: for a path no route matched, the code is its last non-empty segment, if
 * that can be a reseller code at all. Null when the path ends in "/" or its last segment cannot be one.
 * The browser moves on to `to`; the server answers such a path 200 instead of 404 (site-routes.ts).
 */
export function splitResellerSegment(pathname: string, search = ''): UnknownPathResult | null {
  const segments = pathname.split('/');
  const last = segments[segments.length - 1];
  if (!last) return null;
  let code: string;
  try {
    code = decodeURIComponent(last);
  } catch {
    return null;
  }
  if (!isResellerCode(code)) return null;
  const rest = segments.slice(0, -1).join('/');
  return { code, to: `${rest || '/'}${search}` };
}
