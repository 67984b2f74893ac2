import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { parseSandboxToken, SANDBOX_LAST4, type SandboxOutcome } from '@app/shared/rules/sandbox-card';
import type { Db } from '../../../db/client.js';
import { sandboxCharges, sandboxRefunds } from '../../../db/schema/checkout.js';
import {
  CardRefusedError,
  InvalidEventError,
  type CardVault,
  type ChargeRequest,
  type ChargeResult,
  type GatewayEvent,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type SavedCard,
} from '../payment-gateway.js';

/**
 * The offline `sandbox` gateway (the default; for demos, tests and the browser tests). It behaves
 * like a card gateway with Stripe's test cards: the browser's sandbox card component turns the card
 * into `tok_sandbox_<outcome>_<MMYY>_<random>` (shared rules/sandbox-card.ts) and we charge that.
 * Its ledger lives in its own tables, written in its own transactions, exactly as a remote gateway
 * keeps its state apart from ours: a crash between "charged" and "order completed" leaves the same
 * trail a real gateway would, for reconciliation to find by idempotency key.
 *
 * 4242 succeeds, 0002 is declined, 9995 has insufficient funds, 0069 is expired, 3220 needs a
 * confirmation step (the sandbox's stand-in for 3-D Secure: `authenticate()`, reached through
 * POST /public/payment/sandbox/authenticate/:reference, approves or refuses it).
 * Notifications are signed like Stripe's: header `x-sandbox-signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
const TOLERANCE_SECONDS = 300;

const FAILURES: Partial<Record<SandboxOutcome, string>> = {
  declined: 'card_declined',
  insufficient: 'insufficient_funds',
  expired: 'expired_card',
};

type ChargeRow = typeof sandboxCharges.$inferSelect;

function toResult(row: ChargeRow): ChargeResult {
  const status = row.status as ChargeResult['status'];
  return {
    status,
    reference: row.reference,
    amount: row.amount,
    currency: row.currency,
    ...(status === 'requires_action' ? { nextAction: { type: 'confirm_card' as const, data: { reference: row.reference } } } : {}),
    ...(row.failureCode ? { failureCode: row.failureCode, failureMessage: `sandbox: ${row.failureCode}` } : {}),
    ...(row.last4 ? { card: { brand: 'visa', last4: row.last4 } } : {}),
  };
}

/** Signs a notification body for the sandbox webhook (tests, and `ops` replays). */
export function signSandboxEvent(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

export interface SandboxOptions {
  /** Secret the sandbox signs its notifications with. */
  webhookSecret: string;
  /** Delay before a charge answers (after it is recorded): lets tests crash a server mid-payment. */
  responseDelayMs?: number;
}

/** Parses a one-time token or a saved card's method reference (same shape, `pm_` prefix). */
function sourceInfo(source: string | undefined) {
  if (!source) return undefined;
  return parseSandboxToken(source.startsWith('pm_sandbox_') ? `tok_sandbox_${source.slice('pm_sandbox_'.length)}` : source);
}

export class SandboxGateway implements PaymentGateway {
  readonly id = 'sandbox' as const;
  readonly methods = ['card'] as const;
  readonly cards: CardVault;

  constructor(
    private readonly db: Db,
    private readonly options: SandboxOptions,
  ) {
    this.cards = {
      save: async ({ token, email, customerRef }): Promise<SavedCard> => {
        const info = parseSandboxToken(token);
        if (!info) throw new CardRefusedError('invalid_token', 'not a sandbox card token');
        const refused = info.outcome === 'declined' ? 'card_declined' : info.outcome === 'expired' ? 'expired_card' : undefined;
        if (refused) throw new CardRefusedError(refused);
        return {
          customerRef: customerRef ?? `cus_sandbox_${createHash('sha256').update(email).digest('hex').slice(0, 16)}`,
          methodRef: `pm_sandbox_${token.slice('tok_sandbox_'.length)}`,
          brand: 'visa',
          last4: info.last4,
          expMonth: info.expMonth,
          expYear: info.expYear,
        };
      },
      remove: async () => {},
    };
  }

  publicSettings(): Record<string, string> {
    return { mode: 'offline', tokenPrefix: 'tok_sandbox_' };
  }

  browserOrigins() {
    return { script: [], connect: [], frame: [], img: [] };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const info = sourceInfo(req.source);
    let outcome: SandboxOutcome | 'invalid' = info?.outcome ?? 'invalid';
    // Off-session charges cannot show a confirmation step: they fail as Stripe's do.
    let failureCode = info ? FAILURES[info.outcome] : 'card_declined';
    let status: ChargeResult['status'] = failureCode ? 'failed' : 'succeeded';
    if (outcome === 'confirm') {
      if (req.offSession) {
        status = 'failed';
        failureCode = 'authentication_required';
      } else status = 'requires_action';
    }
    if (outcome === 'invalid') outcome = 'declined';
    const reference = `ch_sandbox_${randomBytes(12).toString('hex')}`;
    // One charge per idempotency key, whoever asks first (concurrent retries wait for the insert).
    await this.db
      .insert(sandboxCharges)
      .values({
        reference,
        idempotencyKey: req.idempotencyKey,
        orderId: req.orderId,
        amount: req.amount,
        currency: req.currency,
        status,
        outcome,
        failureCode: failureCode ?? null,
        last4: info ? SANDBOX_LAST4[info.outcome] : null,
      })
      .onConflictDoNothing({ target: sandboxCharges.idempotencyKey });
    const [row] = await this.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, req.idempotencyKey));
    if (!row) throw new Error('sandbox charge vanished');
    if (this.options.responseDelayMs) await wait(this.options.responseDelayMs);
    return toResult(row);
  }

  /** The customer's answer on the confirmation step (the sandbox's 3-D Secure page). */
  async authenticate(reference: string, approve: boolean): Promise<ChargeResult | undefined> {
    await this.db
      .update(sandboxCharges)
      .set(approve ? { status: 'succeeded' } : { status: 'failed', failureCode: 'authentication_failed' })
      .where(and(eq(sandboxCharges.reference, reference), eq(sandboxCharges.status, 'requires_action')));
    return this.find(reference);
  }

  private async find(reference: string): Promise<ChargeResult | undefined> {
    const [row] = await this.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference));
    return row ? toResult(row) : undefined;
  }

  async complete(reference: string): Promise<ChargeResult> {
    return this.retrieve(reference);
  }

  async retrieve(reference: string): Promise<ChargeResult> {
    const found = await this.find(reference);
    if (!found) throw new Error(`sandbox has no charge ${reference}`);
    return found;
  }

  async findCharge(_orderId: string, idempotencyKey: string): Promise<ChargeResult | undefined> {
    const [row] = await this.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
    return row ? toResult(row) : undefined;
  }

  async cancel(reference: string): Promise<ChargeResult> {
    await this.db
      .update(sandboxCharges)
      .set({ status: 'canceled', failureCode: 'canceled' })
      .where(and(eq(sandboxCharges.reference, reference), sql`${sandboxCharges.status} in ('requires_action','pending')`));
    return this.retrieve(reference);
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    const reference = `re_sandbox_${randomBytes(12).toString('hex')}`;
    return this.db.transaction(async (tx) => {
      const [prior] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, req.idempotencyKey));
      if (prior) return { status: 'succeeded' as const, reference: prior.reference };
      // The charge row lock orders concurrent refunds of one charge.
      const [charge] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.reference, req.reference)).for('update');
      if (!charge || charge.status !== 'succeeded' || charge.refunded + req.amount > charge.amount) {
        return { status: 'failed' as const, reference };
      }
      const inserted = await tx
        .insert(sandboxRefunds)
        .values({ idempotencyKey: req.idempotencyKey, reference, chargeReference: req.reference, amount: req.amount })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) {
        const [again] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, req.idempotencyKey));
        return { status: 'succeeded' as const, reference: again?.reference ?? reference };
      }
      await tx
        .update(sandboxCharges)
        .set({ refunded: sql`${sandboxCharges.refunded} + ${req.amount}` })
        .where(eq(sandboxCharges.reference, req.reference));
      return { status: 'succeeded' as const, reference };
    });
  }

  async verifyEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<GatewayEvent> {
    const raw = headers[SANDBOX_SIGNATURE_HEADER];
    const header = Array.isArray(raw) ? raw[0] : raw;
    const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
    const at = Number(parts.t);
    if (!header || !Number.isInteger(at) || !parts.v1) throw new InvalidEventError('missing signature');
    if (Math.abs(Date.now() / 1000 - at) > TOLERANCE_SECONDS) throw new InvalidEventError('stale signature');
    const expected = createHmac('sha256', this.options.webhookSecret).update(`${at}.`).update(rawBody).digest();
    const given = Buffer.from(parts.v1, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new InvalidEventError('bad signature');
    let body: { id?: unknown; type?: unknown; reference?: unknown; amount?: unknown; currency?: unknown };
    try {
      body = JSON.parse(rawBody.toString('utf8')) as typeof body;
    } catch {
      throw new InvalidEventError('body is not JSON');
    }
    const types: GatewayEvent['type'][] = ['charge.succeeded', 'charge.failed', 'charge.pending', 'charge.canceled', 'refund.succeeded', 'other'];
    if (typeof body.id !== 'string' || typeof body.reference !== 'string' || !types.includes(body.type as GatewayEvent['type'])) {
      throw new InvalidEventError('malformed event');
    }
    return {
      id: body.id,
      type: body.type as GatewayEvent['type'],
      reference: body.reference,
      ...(typeof body.amount === 'number' ? { amount: body.amount } : {}),
      ...(typeof body.currency === 'string' ? { currency: body.currency } : {}),
    };
  }
}
