import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { subscribers } from '../../db/schema/accounts.js';
import { resellers } from '../../db/schema/catalogue.js';
import { balanceTransactions, resellerAccounts } from '../../db/schema/checkout.js';

export async function findResellerByCode(exec: Executor, code: string): Promise<{ code: string; isActive: boolean } | undefined> {
  const [row] = await exec
    .select({ code: resellers.code, isActive: resellers.isActive })
    .from(resellers)
    .where(eq(resellers.code, code))
    .limit(1);
  return row;
}

/**
 * The subscriber's own affiliate code: the first active reseller code whose commission account is
 * theirs (`reseller_accounts`, where checkout credits commission), if one was made.
 */
export async function findAffiliateCode(exec: Executor, subscriberId: string): Promise<string | undefined> {
  const [row] = await exec
    .select({ code: resellers.code })
    .from(resellerAccounts)
    .innerJoin(resellers, eq(resellers.id, resellerAccounts.resellerId))
    .where(sql`${resellerAccounts.subscriberId} = ${subscriberId} and ${resellers.isActive}`)
    .orderBy(asc(resellerAccounts.createdAt), asc(resellers.code))
    .limit(1);
  return row?.code;
}

/** Locks the subscriber row so two first requests cannot both make a code. Returns the name, or undefined if gone. */
export async function lockSubscriberForAffiliate(
  exec: Executor,
  subscriberId: string,
): Promise<{ firstName: string; lastName: string } | undefined> {
  const [row] = await exec
    .select({ firstName: subscribers.firstName, lastName: subscribers.lastName })
    .from(subscribers)
    .where(sql`${subscribers.id} = ${subscriberId} and ${subscribers.deletedAt} is null`)
    .for('update');
  return row;
}

/** Inserts a reseller row for the code; undefined when the code is already taken. */
export async function insertResellerCode(exec: Executor, code: string, name: string): Promise<string | undefined> {
  const [row] = await exec
    .insert(resellers)
    .values({ code, name, isActive: true })
    .onConflictDoNothing({ target: resellers.code })
    .returning({ id: resellers.id });
  return row?.id;
}

/** Makes the subscriber the account the code's commission is credited to. */
export async function linkAffiliateCode(exec: Executor, subscriberId: string, resellerId: string): Promise<void> {
  await exec.insert(resellerAccounts).values({ subscriberId, resellerId });
}

/**
 * What the program has put on the subscriber's balance so far: affiliate commission and referral
 * bonus credits, less the reversals that took them back when the order was refunded (their source
 * keys are 'reversal:affiliate:…' and 'reversal:referral:…'). Never below zero.
 */
export async function affiliateCreditEarned(exec: Executor, subscriberId: string): Promise<number> {
  const [row] = await exec
    .select({
      earned: sql<number>`coalesce(sum(case
        when ${balanceTransactions.type} = 'credit' and ${balanceTransactions.reason} in ('affiliate_commission', 'referral_bonus') then ${balanceTransactions.amount}
        when ${balanceTransactions.type} = 'debit' and ${balanceTransactions.reason} = 'reversal'
          and (${balanceTransactions.sourceKey} like 'reversal:affiliate:%' or ${balanceTransactions.sourceKey} like 'reversal:referral:%')
          then -${balanceTransactions.amount}
        else 0 end), 0)::int`,
    })
    .from(balanceTransactions)
    .where(eq(balanceTransactions.subscriberId, subscriberId));
  return Math.max(0, row?.earned ?? 0);
}
