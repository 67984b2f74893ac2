import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, or, isNull, ne } from 'drizzle-orm';
import { PORT_OUT_PIN_DAYS, type PortOutDetails } from '@app/shared/contracts/sims';
import { normaliseUsNumber } from '@app/shared/rules/sims';
import type { Db } from '../../db/client.js';
import { sims } from '../../db/schema/sims.js';
import { appError } from '../../lib/errors.js';
import { findOwnedSim, type SimRow } from './sims.repository.js';

const DAY = 86_400_000;
/** States in which the number is still ours to hand over (expired numbers are kept 30 days). */
const HOLDS_NUMBER: SimRow['status'][] = ['active', 'suspended', 'expired'];

export type PortOutVerdict =
  | { ok: true; simId: string }
  | { ok: false; reason: 'not_portable' | 'account_number_mismatch' | 'wrong_pin' | 'pin_expired' };

/**
 * Port-out (spec §7 `/port/{id}/port-out`, decision 179): what a subscriber gives another carrier to
 * take their number — the number, our account number and a transfer PIN — and the check the
 * network runs when such a request arrives. The PIN is never stored: it is an HMAC of the SIM, the
 * PIN's generation and when it was issued under a key derived from the server secret, so the owner can
 * see it again for its 7 days and a new one (the next generation) makes the old one worthless.
 */
export class PortOutService {
  constructor(
    private readonly db: Db,
    /** deriveKey(secret, 'port-out-pin'). */
    private readonly key: Buffer,
  ) {}

  /** Our account number as the recipient carrier asks for it: stable per account, not a secret. */
  static accountNumber(subscriberId: string): string {
    return `LW${subscriberId.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  }

  private pinOf(sim: Pick<SimRow, 'id' | 'portOutPinGeneration' | 'portOutPinIssuedAt'>): string {
    const mac = createHmac('sha256', this.key).update(`${sim.id}:${sim.portOutPinGeneration}:${sim.portOutPinIssuedAt!.toISOString()}`).digest();
    return String(mac.readUIntBE(0, 6) % 1_000_000).padStart(6, '0');
  }

  private view(sim: SimRow, now: Date): PortOutDetails {
    const issuedAt = sim.portOutPinIssuedAt;
    const expiresAt = issuedAt ? new Date(issuedAt.getTime() + PORT_OUT_PIN_DAYS * DAY) : null;
    const live = issuedAt !== null && expiresAt!.getTime() > now.getTime();
    return {
      simId: sim.id,
      number: sim.mdn!,
      accountNumber: PortOutService.accountNumber(sim.subscriberId!),
      pin: live ? this.pinOf(sim) : null,
      issuedAt: live ? issuedAt.toISOString() : null,
      expiresAt: live ? expiresAt!.toISOString() : null,
      expired: issuedAt !== null && !live,
    };
  }

  private async portable(subscriberId: string, simId: string): Promise<SimRow> {
    const sim = await findOwnedSim(this.db, subscriberId, simId);
    if (!sim) throw appError('SIM_NOT_FOUND');
    if (!sim.mdn || !HOLDS_NUMBER.includes(sim.status)) throw appError('SIM_NOT_ACTIVE_OR_EXPIRED');
    return sim;
  }

  async details(subscriberId: string, simId: string, now = new Date()): Promise<PortOutDetails> {
    return this.view(await this.portable(subscriberId, simId), now);
  }

  /** A new PIN (the previous one stops working); the same request id again answers the same PIN. */
  async issue(subscriberId: string, simId: string, requestId: string, now = new Date()): Promise<PortOutDetails> {
    const sim = await this.portable(subscriberId, simId);
    // One conditional update: a repeat of the request (or a second one racing it) changes nothing twice.
    const [updated] = await this.db
      .update(sims)
      .set({ portOutPinGeneration: sim.portOutPinGeneration + 1, portOutPinIssuedAt: now, portOutPinRequestId: requestId })
      .where(
        and(
          eq(sims.id, sim.id),
          eq(sims.portOutPinGeneration, sim.portOutPinGeneration),
          or(isNull(sims.portOutPinRequestId), ne(sims.portOutPinRequestId, requestId)),
        ),
      )
      .returning();
    return this.view(updated ?? (await this.portable(subscriberId, simId)), now);
  }

  /**
   * The network's question when another carrier asks for one of our numbers: do the account number
   * and PIN given match a live PIN of the SIM holding it? The reasons are the port vocabulary.
   */
  async verify(req: { number: string; accountNumber: string; pin: string }, now = new Date()): Promise<PortOutVerdict> {
    const mdn = normaliseUsNumber(req.number);
    if (!mdn) return { ok: false, reason: 'not_portable' };
    const [sim] = await this.db
      .select()
      .from(sims)
      .where(and(eq(sims.mdn, mdn), inArray(sims.status, HOLDS_NUMBER)))
      .limit(1);
    if (!sim?.subscriberId) return { ok: false, reason: 'not_portable' };
    if (req.accountNumber.trim().toUpperCase() !== PortOutService.accountNumber(sim.subscriberId)) return { ok: false, reason: 'account_number_mismatch' };
    const details = this.view(sim, now);
    if (!details.pin) return { ok: false, reason: details.expired ? 'pin_expired' : 'wrong_pin' };
    const given = Buffer.from(req.pin.trim().padEnd(6).slice(0, 12));
    const expected = Buffer.from(details.pin.padEnd(6).slice(0, 12));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'wrong_pin' };
    return { ok: true, simId: sim.id };
  }
}
