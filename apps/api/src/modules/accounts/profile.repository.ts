import { and, eq, isNull } from 'drizzle-orm';
import { subscribers } from '../../db/schema/accounts.js';
import type { Executor } from '../../db/executor.js';

export type ProfileRow = typeof subscribers.$inferSelect;
export type ProfileChanges = Partial<
  Pick<
    typeof subscribers.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'phone'
    | 'country'
    | 'whenBelow'
    | 'topUpAmount'
    | 'balanceThreshold'
    | 'callBelow'
    | 'smsBelow'
    | 'dataBelow'
    | 'birthDate'
    | 'shippingAddress1'
    | 'shippingAddress2'
    | 'city'
    | 'state'
    | 'zipcode'
    | 'locale'
  >
>;

/** Queries of the profile; the subscriber id always comes from the session, never from the request. */
export async function findProfile(exec: Executor, subscriberId: string): Promise<ProfileRow | undefined> {
  const [row] = await exec
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.id, subscriberId), isNull(subscribers.deletedAt)));
  return row;
}

export async function updateProfile(exec: Executor, subscriberId: string, changes: ProfileChanges): Promise<ProfileRow | undefined> {
  const [row] = await exec
    .update(subscribers)
    .set(changes)
    .where(and(eq(subscribers.id, subscriberId), isNull(subscribers.deletedAt)))
    .returning();
  return row;
}
