import { and, eq, isNull, lt } from 'drizzle-orm';
import { oauthFlows, subscriberIdentities, subscribers } from '../../db/schema/accounts.js';
import type { Executor } from '../../db/executor.js';

export type OAuthFlow = typeof oauthFlows.$inferSelect;

export async function insertFlow(exec: Executor, flow: typeof oauthFlows.$inferInsert) {
  await exec.insert(oauthFlows).values(flow);
}

/** Takes the flow out (single use); undefined when unknown, already used or expired. */
export async function takeFlow(exec: Executor, stateHash: string, provider: string): Promise<OAuthFlow | undefined> {
  const [row] = await exec
    .delete(oauthFlows)
    .where(and(eq(oauthFlows.stateHash, stateHash), eq(oauthFlows.provider, provider)))
    .returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

export async function pruneFlows(exec: Executor) {
  await exec.delete(oauthFlows).where(lt(oauthFlows.expiresAt, new Date()));
}

/** The live subscriber linked to a provider identity. */
export async function findLinkedSubscriber(exec: Executor, provider: string, subject: string) {
  const [row] = await exec
    .select({ subscriber: subscribers })
    .from(subscriberIdentities)
    .innerJoin(subscribers, eq(subscribers.id, subscriberIdentities.subscriberId))
    .where(and(eq(subscriberIdentities.provider, provider), eq(subscriberIdentities.subject, subject), isNull(subscribers.deletedAt)));
  return row?.subscriber;
}

export async function linkIdentity(exec: Executor, provider: string, subject: string, subscriberId: string) {
  await exec
    .insert(subscriberIdentities)
    .values({ provider, subject, subscriberId })
    .onConflictDoUpdate({
      target: [subscriberIdentities.provider, subscriberIdentities.subject],
      set: { subscriberId, lastUsedAt: new Date() },
    });
}

export async function touchIdentity(exec: Executor, provider: string, subject: string) {
  await exec
    .update(subscriberIdentities)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(subscriberIdentities.provider, provider), eq(subscriberIdentities.subject, subject)));
}

/**
 * The mailbox owner has now proved the address. A password set before that by someone who never
 * verified it (an attacker pre-registering the victim's address) must not keep working.
 */
export async function claimUnverifiedAccount(exec: Executor, subscriberId: string) {
  await exec
    .update(subscribers)
    .set({ emailVerifiedAt: new Date(), passwordHash: null, passwordChangedAt: new Date() })
    .where(and(eq(subscribers.id, subscriberId), isNull(subscribers.emailVerifiedAt)));
}
