import type { Db } from '../../db/client.js';
import { findResellerByCode } from './catalogue.repository.js';

/**
 * Codes arrive from URLs in whatever case people typed them; they are stored upper-case, so
 * `demo10` and `DEMO10` are the same code. A code is valid only while its reseller is active.
 * The answer echoes the canonical form so the client stores that.
 */
export function normalizeResellerCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function checkResellerCode(db: Db, code: string): Promise<{ valid: boolean; code: string }> {
  const canonical = normalizeResellerCode(code);
  const reseller = await findResellerByCode(db, canonical);
  return { valid: reseller?.isActive === true, code: canonical };
}
