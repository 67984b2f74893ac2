import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { readsTogether, type Executor } from '../../db/executor.js';
import { carrierActions, portRequests, simAddOns, simPlanPeriods, sims, usageRecords } from '../../db/schema/sims.js';

/** Queries of the SIM module (no rules here). */

export type SimRow = typeof sims.$inferSelect;
export type PeriodRow = typeof simPlanPeriods.$inferSelect;
export type PortRow = typeof portRequests.$inferSelect;

export interface SimBundle {
  sim: SimRow;
  /** The active period, else the latest scheduled one. */
  period: PeriodRow | undefined;
  addOns: { dataMb: number; voiceMinutes: number; sms: number };
  pendingAction: { id: string; type: string; createdAt: Date } | undefined;
  portInProgress: boolean;
}

function searchFilter(query: string | undefined): SQL | undefined {
  if (!query) return undefined;
  const q = query.replace(/[%_\\]/g, '');
  const digits = q.replace(/\D/g, '');
  return or(ilike(sims.iccid, `%${q}%`), ilike(sims.esn, `%${q}%`), digits ? ilike(sims.mdn, `%${digits}%`) : undefined);
}

export async function listSims(
  exec: Executor,
  subscriberId: string,
  opts: { query?: string | undefined; offset: number; limit: number },
): Promise<{ total: number; rows: SimRow[] }> {
  const where = and(eq(sims.subscriberId, subscriberId), searchFilter(opts.query));
  const [rows, totals] = await readsTogether(exec, [
    () =>
      exec
        .select()
        .from(sims)
        .where(where)
        // Spec §4: Physical SIM before eSIM, newest first.
        .orderBy(sql`(${sims.kind} = 'esim')`, desc(sims.createdAt), desc(sims.id))
        .limit(opts.limit)
        .offset(opts.offset),
    () => exec.select({ n: count() }).from(sims).where(where),
  ]);
  return { total: totals[0]?.n ?? 0, rows };
}

/** A subscriber's SIM; another subscriber's SIM is as missing as one that does not exist. */
export async function findOwnedSim(exec: Executor, subscriberId: string, simId: string, lock = false): Promise<SimRow | undefined> {
  const q = exec.select().from(sims).where(and(eq(sims.id, simId), eq(sims.subscriberId, subscriberId))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findSimByIccid(exec: Executor, iccid: string, lock = false): Promise<SimRow | undefined> {
  const q = exec.select().from(sims).where(eq(sims.iccid, iccid)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** By the ESN printed on a card (stored as the supplier wrote it; compared without case). */
export async function findSimByEsn(exec: Executor, esn: string, lock = false): Promise<SimRow | undefined> {
  const q = exec.select().from(sims).where(sql`upper(${sims.esn}) = ${esn.toUpperCase()}`).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function bundle(exec: Executor, rows: SimRow[]): Promise<SimBundle[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [periods, addOns, actions, ports] = await readsTogether(exec, [
    () =>
      exec
        .select()
        .from(simPlanPeriods)
        .where(and(inArray(simPlanPeriods.simId, ids), inArray(simPlanPeriods.status, ['active', 'scheduled'])))
        .orderBy(desc(simPlanPeriods.createdAt)),
    () =>
      exec
        .select({
          simId: simAddOns.simId,
          dataMb: sql<number>`coalesce(sum(${simAddOns.dataMb}), 0)::int`,
          voiceMinutes: sql<number>`coalesce(sum(${simAddOns.voiceMinutes}), 0)::int`,
          sms: sql<number>`coalesce(sum(${simAddOns.sms}), 0)::int`,
        })
        .from(simAddOns)
        .where(and(inArray(simAddOns.simId, ids), eq(simAddOns.status, 'active')))
        .groupBy(simAddOns.simId),
    () =>
      exec
        .select({ id: carrierActions.id, simId: carrierActions.simId, type: carrierActions.type, createdAt: carrierActions.createdAt })
        .from(carrierActions)
        .where(and(inArray(carrierActions.simId, ids), inArray(carrierActions.status, ['queued', 'sent'])))
        .orderBy(desc(carrierActions.createdAt)),
    () =>
      exec
        .select({ simId: portRequests.simId })
        .from(portRequests)
        .where(and(inArray(portRequests.simId, ids), inArray(portRequests.status, ['submitted', 'pending', 'resolution_required']))),
  ]);
  return rows.map((sim) => {
    const mine = periods.filter((p) => p.simId === sim.id);
    const add = addOns.find((a) => a.simId === sim.id);
    const action = actions.find((a) => a.simId === sim.id);
    return {
      sim,
      period: mine.find((p) => p.status === 'active') ?? mine.find((p) => p.status === 'scheduled'),
      addOns: { dataMb: add?.dataMb ?? 0, voiceMinutes: add?.voiceMinutes ?? 0, sms: add?.sms ?? 0 },
      pendingAction: action ? { id: action.id, type: action.type, createdAt: action.createdAt } : undefined,
      portInProgress: ports.some((p) => p.simId === sim.id),
    };
  });
}

export async function openActionOfType(exec: Executor, simId: string, types: string[]) {
  const [row] = await exec
    .select()
    .from(carrierActions)
    .where(and(eq(carrierActions.simId, simId), inArray(carrierActions.type, types), inArray(carrierActions.status, ['queued', 'sent'])))
    .limit(1);
  return row;
}

export async function scheduledPeriod(exec: Executor, simId: string): Promise<PeriodRow | undefined> {
  const [row] = await exec
    .select()
    .from(simPlanPeriods)
    .where(and(eq(simPlanPeriods.simId, simId), eq(simPlanPeriods.status, 'scheduled')))
    .orderBy(desc(simPlanPeriods.createdAt))
    .limit(1);
  return row;
}

export async function listUsage(exec: Executor, simId: string, opts: { from?: Date | undefined; to?: Date | undefined; offset: number; limit: number }) {
  const where = and(
    eq(usageRecords.simId, simId),
    opts.from ? sql`${usageRecords.bucketStart} >= ${opts.from.toISOString()}` : undefined,
    opts.to ? sql`${usageRecords.bucketStart} < ${opts.to.toISOString()}` : undefined,
  );
  const [rows, totals] = await readsTogether(exec, [
    () =>
      exec.select().from(usageRecords).where(where).orderBy(desc(usageRecords.bucketStart), desc(usageRecords.id)).limit(opts.limit).offset(opts.offset),
    () => exec.select({ n: count() }).from(usageRecords).where(where),
  ]);
  return { total: totals[0]?.n ?? 0, rows };
}
