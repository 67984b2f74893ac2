import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { appError } from '../../lib/errors.js';
import {
  affiliateCreditEarned,
  findAffiliateCode,
  findResellerByCode,
  insertResellerCode,
  linkAffiliateCode,
  lockSubscriberForAffiliate,
} from './resellers.repository.js';

/**
 * Reseller and affiliate codes. Codes arrive from URLs in whatever case people typed them; they are
 * stored upper-case, so `demo10` and `DEMO10` are the same code. A code is valid only while its
 * reseller is active. Answers echo the canonical form so the client stores that.
 */
export function normalizeResellerCode(code: string): string {
  return code.trim().toUpperCase();
}

/** No 0/O or 1/I: people read these codes aloud and type them from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'MARIA-7K4QX2': up to 8 letters of the first name (when it has any), then 6 random characters. */
export function newAffiliateCode(firstName: string): string {
  const prefix = firstName
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 8);
  let random = '';
  for (let i = 0; i < 6; i++) random += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return prefix.length >= 2 ? `${prefix}-${random}` : `AF-${random}`;
}

export class ResellerService {
  constructor(
    private readonly db: Db,
    /** The shop's public address, without a trailing slash: affiliate links start with it. */
    private readonly publicUrl = 'http://localhost',
  ) {}

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

  /**
   * The subscriber's own affiliate code and link, made on first request. The code is a reseller row,
   * so a visitor arriving on the link is captured and checked like any partner's (decision 101).
   * Under a row lock on the subscriber, so concurrent first requests agree on one code. With the
   * credit the program has earned them so far (commission and referral bonuses, less reversals).
   */
  async affiliateFor(subscriberId: string): Promise<{ code: string; link: string; creditEarned: number }> {
    const existing = await findAffiliateCode(this.db, subscriberId);
    const code =
      existing ??
      (await this.db.transaction(async (tx) => {
        const subscriber = await lockSubscriberForAffiliate(tx, subscriberId);
        if (!subscriber) throw appError('UNAUTHORIZED');
        const made = await findAffiliateCode(tx, subscriberId);
        if (made) return made;
        for (let attempt = 0; attempt < 5; attempt++) {
          const candidate = newAffiliateCode(subscriber.firstName);
          const resellerId = await insertResellerCode(tx, candidate, `${subscriber.firstName} ${subscriber.lastName}`.trim());
          if (!resellerId) continue;
          await linkAffiliateCode(tx, subscriberId, resellerId);
          return candidate;
        }
        throw new Error('could not find a free affiliate code in 5 attempts');
      }));
    return { code, link: `${this.publicUrl}/${code}`, creditEarned: await affiliateCreditEarned(this.db, subscriberId) };
  }
}
