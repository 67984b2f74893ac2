import type { Db } from '../../db/client.js';
import { findResellerByCode } from './resellers.repository.js';

/**
 * Reseller and affiliate codes. Codes arrive from URLs in whatever case people typed them; they are
 * stored upper-case, so `demo10` and `DEMO10` are the same code. A code is valid only while its
 * reseller is active. Answers echo the canonical form so the client stores that.
 */
export function normalizeResellerCode(code: string): string {
  return code.trim().toUpperCase();
}

export class ResellerService {
  constructor(private readonly db: Db) {}

  async check(code: string): Promise<{ valid: boolean; code: string }> {
    const canonical = normalizeResellerCode(code);
    const reseller = await findResellerByCode(this.db, canonical);
    return { valid: reseller?.isActive === true, code: canonical };
  }

  /** The canonical code when it belongs to an active reseller, else undefined (never an error). */
  async activeCode(code: string | undefined): Promise<string | undefined> {
    if (!code) return undefined;
    const { valid, code: canonical } = await this.check(code);
    return valid ? canonical : undefined;
  }
}
