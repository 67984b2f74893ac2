import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { subscribers } from '../../db/schema/accounts.js';
import { balanceTransactions } from '../../db/schema/checkout.js';

/**
 * The balance ledger: every change of `subscribers.balance` is one row here with the balance after
 * it, written in the caller's transaction. `sourceKey` is unique, so a credit or debit caused by
 * one thing (an order's commission, its reversal) happens once however often it is attempted.
 */

export type LedgerReason = 'order_payment' | 'top_up' | 'affiliate_commission' | 'referral_bonus' | 'refund' | 'reversal' | 'adjustment';

export interface LedgerEntry {
  subscriberId: string;
  amount: number;
  reason: LedgerReason;
  description: string;
  orderId?: string | null;
  sourceKey: string;
}

/** Adds money to a balance. Returns false when `sourceKey` was already applied. */
export async function creditBalance(exec: Executor, e: LedgerEntry): Promise<boolean> {
  if (e.amount <= 0) return false;
  const [done] = await exec.select({ id: balanceTransactions.id }).from(balanceTransactions).where(eq(balanceTransactions.sourceKey, e.sourceKey));
  if (done) return false;
  const [row] = await exec
    .update(subscribers)
    .set({ balance: sql`${subscribers.balance} + ${e.amount}` })
    .where(eq(subscribers.id, e.subscriberId))
    .returning({ balance: subscribers.balance });
  if (!row) return false;
  await exec.insert(balanceTransactions).values({
    subscriberId: e.subscriberId,
    type: 'credit',
    reason: e.reason,
    amount: e.amount,
    balanceAfter: row.balance,
    description: e.description,
    orderId: e.orderId ?? null,
    sourceKey: e.sourceKey,
  });
  return true;
}

/**
 * Takes money from a balance. `partial` takes what is there when the balance is short (reversing a
 * credit already spent); otherwise a short balance takes nothing. Returns the amount taken, or
 * null when `sourceKey` was already applied.
 */
export async function debitBalance(exec: Executor, e: LedgerEntry, opts: { partial?: boolean } = {}): Promise<number | null> {
  const [done] = await exec.select({ id: balanceTransactions.id }).from(balanceTransactions).where(eq(balanceTransactions.sourceKey, e.sourceKey));
  if (done) return null;
  const [current] = await exec
    .select({ balance: subscribers.balance })
    .from(subscribers)
    .where(eq(subscribers.id, e.subscriberId))
    .for('update');
  if (!current) return 0;
  const take = opts.partial ? Math.min(e.amount, current.balance) : current.balance >= e.amount ? e.amount : 0;
  if (take <= 0) return 0;
  const [row] = await exec
    .update(subscribers)
    .set({ balance: sql`${subscribers.balance} - ${take}` })
    .where(and(eq(subscribers.id, e.subscriberId), sql`${subscribers.balance} >= ${take}`))
    .returning({ balance: subscribers.balance });
  if (!row) return 0;
  await exec.insert(balanceTransactions).values({
    subscriberId: e.subscriberId,
    type: 'debit',
    reason: e.reason,
    amount: take,
    balanceAfter: row.balance,
    description: e.description,
    orderId: e.orderId ?? null,
    sourceKey: e.sourceKey,
  });
  return take;
}
