import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  CarrierTimeoutError,
  type Carrier,
  type CarrierOutcome,
  type CarrierRequest,
  type OutcomeResult,
} from '../../adapters/carrier/carrier.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { carrierActions, portRequests, simAddOns, simPlanPeriods, sims } from '../../db/schema/sims.js';
import type { JobContext, JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../lib/logger.js';

/**
 * Durable carrier actions (docs/decisions/161-durable-carrier-actions.md): a change is recorded in
 * the transaction that wants it (with the job that sends it), sent by a job that retries with
 * backoff, and applied exactly once when its outcome arrives, by callback or by the reconciliation
 * sweep that asks the carrier about actions whose callback never came. The action id is the request
 * id the carrier sees (a resend is recognised there) and the carrier's transaction id is unique here.
 */

export const CARRIER_SEND_JOB = 'carrier-action-send';
export const CARRIER_RECONCILE_JOB = 'carrier-action-reconcile';

export type ActionRow = typeof carrierActions.$inferSelect;

/** Our bookkeeping carried with an action: which rows its outcome settles. */
export interface ActionContext {
  periodId?: string;
  planId?: string;
  addOnRowId?: string;
  portId?: string;
  address?: unknown;
  /** The subscriber's request id of a free action (a repeat finds the action it recorded). */
  requestId?: string;
  /** What the subscriber is told about the money if the action fails for good. */
  paid?: boolean;
  /** The order line that paid for it (credited back to the balance if the network refuses it for good). */
  charge?: { orderLineId: string; amount: number };
}

export interface CarrierActionSettings {
  /** Attempts after the first before a send is given up (then PROBLEM_WITH_ACTIVATION for activations). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long one send may take. */
  timeoutMs: number;
  /** Ask the carrier about an action sent this long ago whose outcome has not arrived. */
  reconcileAfterSeconds: number;
  /** Give up on an action with no outcome after this long (ports excepted: they may take days). */
  giveUpAfterSeconds: number;
}

/** Something that must also happen when an action ends for good (checkout: refund or credit). */
export type ActionFailureListener = (tx: Executor, action: ActionRow, reason: string) => Promise<string | null>;

/** Something that must also happen, in the same transaction, when an action's effects are applied (a mail). */
export type ActionSuccessListener = (tx: Executor, action: ActionRow, result: OutcomeResult) => Promise<void>;

const PORT_PROGRESS = new Set(['submitted', 'pending']);

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CarrierTimeoutError(what)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e as Error);
      },
    );
  });
}

export class CarrierActionService {
  private failureListeners: ActionFailureListener[] = [];
  private successListeners: ActionSuccessListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly carrier: Carrier,
    private readonly queue: JobQueue,
    private readonly settings: CarrierActionSettings,
    private readonly log: Logger,
  ) {
    carrier.onOutcome((o) => this.applyOutcome(o));
  }

  onFailure(listener: ActionFailureListener): void {
    this.failureListeners.push(listener);
  }

  onSuccess(listener: ActionSuccessListener): void {
    this.successListeners.push(listener);
  }

  /** Records an action and its send job in the caller's transaction. */
  async record(
    tx: Executor,
    a: { simId: string | null; subscriberId: string | null; request: CarrierRequest; context?: ActionContext },
  ): Promise<ActionRow> {
    const [row] = await tx
      .insert(carrierActions)
      .values({ simId: a.simId, subscriberId: a.subscriberId, type: a.request.type, request: a.request, context: a.context ?? {} })
      .returning();
    await this.queue.send(CARRIER_SEND_JOB, { actionId: row!.id }, { exec: tx });
    return row!;
  }

  async get(id: string, exec: Executor = this.db): Promise<ActionRow | undefined> {
    const [row] = await exec.select().from(carrierActions).where(eq(carrierActions.id, id)).limit(1);
    return row;
  }

  /** The send job: one attempt; a throw is retried with backoff by the queue. */
  async send(actionId: string, job: JobContext): Promise<void> {
    const action = await this.get(actionId);
    if (!action || action.status !== 'queued') return;
    await this.db
      .update(carrierActions)
      .set({ attempts: sql`${carrierActions.attempts} + 1` })
      .where(eq(carrierActions.id, actionId));
    let ack;
    try {
      ack = await withTimeout(this.carrier.submit(action.request as CarrierRequest, action.id), this.settings.timeoutMs, action.type);
    } catch (e) {
      const reason = (e as Error).message;
      await this.db.update(carrierActions).set({ lastError: reason }).where(eq(carrierActions.id, actionId));
      if (job.retryCount >= this.settings.retryLimit) {
        this.log.warn({ action: actionId, type: action.type, reason }, 'carrier action given up after retries');
        await this.finish(action.id, { status: 'failed', reason: 'carrier_unreachable' });
        return;
      }
      throw e;
    }
    if (ack.status === 'rejected') {
      await this.finish(action.id, { status: 'failed', reason: ack.reason ?? 'rejected', transactionId: ack.transactionId });
      return;
    }
    // The outcome may already have been applied (a fast callback): only a queued action moves to sent.
    await this.db
      .update(carrierActions)
      .set({ status: 'sent', transactionId: ack.transactionId, sentAt: new Date() })
      .where(and(eq(carrierActions.id, actionId), eq(carrierActions.status, 'queued')));
    await this.db
      .update(carrierActions)
      .set({ transactionId: ack.transactionId })
      .where(and(eq(carrierActions.id, actionId), sql`${carrierActions.transactionId} is null`));
  }

  /** A callback (or a reconciliation answer): applied once, in one transaction with its effects. */
  async applyOutcome(o: CarrierOutcome): Promise<void> {
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(o.requestId);
    await this.db.transaction(async (tx) => {
      const [action] = await tx
        .select()
        .from(carrierActions)
        .where(isUuid ? eq(carrierActions.id, o.requestId) : eq(carrierActions.transactionId, o.transactionId))
        .for('update')
        .limit(1);
      if (!action) {
        this.log.warn({ transactionId: o.transactionId }, 'carrier outcome for an unknown action');
        return;
      }
      const ctx = action.context as ActionContext;
      if (action.status === 'completed' || action.status === 'failed') {
        // A port canceled after it needed a fix: the port row follows, the action stays as it ended.
        if (o.status === 'canceled' && ctx.portId) await this.settlePort(tx, ctx.portId, 'canceled', null);
        return;
      }
      if (!o.final) {
        if (ctx.portId && PORT_PROGRESS.has(o.status)) await this.settlePort(tx, ctx.portId, o.status as 'submitted' | 'pending', null);
        if (!action.transactionId) {
          await tx.update(carrierActions).set({ transactionId: o.transactionId, status: 'sent', sentAt: new Date() }).where(eq(carrierActions.id, action.id));
        }
        return;
      }
      const ok = o.status === 'completed';
      await tx
        .update(carrierActions)
        .set({
          status: ok ? 'completed' : 'failed',
          transactionId: action.transactionId ?? o.transactionId,
          outcome: o,
          lastError: ok ? null : (o.reason ?? o.status),
          finishedAt: new Date(),
        })
        .where(eq(carrierActions.id, action.id));
      if (ok) {
        await this.applyEffects(tx, action, o.result ?? {});
        for (const l of this.successListeners) await l(tx, action, o.result ?? {});
      } else await this.applyFailure(tx, action, o.status, o.reason ?? o.status);
    });
  }

  /** Ends an action without a carrier outcome (rejected at the door, or given up). */
  private async finish(actionId: string, end: { status: 'failed'; reason: string; transactionId?: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [action] = await tx.select().from(carrierActions).where(eq(carrierActions.id, actionId)).for('update').limit(1);
      if (!action || action.status === 'completed' || action.status === 'failed') return;
      await tx
        .update(carrierActions)
        .set({ status: 'failed', lastError: end.reason, finishedAt: new Date(), ...(end.transactionId ? { transactionId: end.transactionId } : {}) })
        .where(eq(carrierActions.id, actionId));
      await this.applyFailure(tx, action, 'failed', end.reason);
    });
  }

  /**
   * The reconciliation sweep: asks the carrier about actions sent a while ago whose outcome never
   * arrived (a lost callback) and applies what it says; gives up on those that stay unknown too long.
   */
  async reconcile(now = new Date()): Promise<{ checked: number; applied: number; givenUp: number }> {
    const before = new Date(now.getTime() - this.settings.reconcileAfterSeconds * 1000);
    const open = await this.db
      .select()
      .from(carrierActions)
      .where(and(eq(carrierActions.status, 'sent'), lt(carrierActions.sentAt, before)))
      .limit(200);
    let applied = 0;
    let givenUp = 0;
    for (const action of open) {
      try {
        const o = action.transactionId ? await withTimeout(this.carrier.outcome(action.transactionId), this.settings.timeoutMs, 'outcome') : undefined;
        if (o) {
          await this.applyOutcome(o);
          if (o.final) applied++;
          continue;
        }
      } catch (e) {
        this.log.warn({ action: action.id, reason: (e as Error).message }, 'carrier reconciliation: outcome not available');
      }
      const ctx = action.context as ActionContext;
      const age = now.getTime() - (action.sentAt?.getTime() ?? now.getTime());
      if (!ctx.portId && age > this.settings.giveUpAfterSeconds * 1000) {
        await this.finish(action.id, { status: 'failed', reason: 'no_outcome' });
        givenUp++;
      }
    }
    return { checked: open.length, applied, givenUp };
  }

  // --- effects ----------------------------------------------------------------------------------------

  private async applyEffects(tx: Executor, action: ActionRow, result: OutcomeResult): Promise<void> {
    const ctx = action.context as ActionContext;
    const simId = action.simId;
    if (!simId) return;
    // A number that moved to another carrier is gone for good: an outcome arriving late (a lost
    // callback settled by reconciliation after the sync saw the port-out) does not bring it back.
    const stillOurs = and(eq(sims.id, simId), ne(sims.status, 'ported_out'));
    const now = new Date();
    const balances = result.balances
      ? { remainingDataMb: result.balances.dataMb, remainingVoiceMinutes: result.balances.voiceMinutes, remainingSms: result.balances.sms, balancesAt: now }
      : {};
    const startPeriod = async () => {
      if (!ctx.periodId) return;
      await tx
        .update(simPlanPeriods)
        .set({ status: 'ended' })
        .where(and(eq(simPlanPeriods.simId, simId), eq(simPlanPeriods.status, 'active')));
      await tx
        .update(simPlanPeriods)
        .set({
          status: 'active',
          startsAt: result.planStartedAt ? new Date(result.planStartedAt) : now,
          expiresAt: result.planExpiresAt ? new Date(result.planExpiresAt) : null,
        })
        .where(eq(simPlanPeriods.id, ctx.periodId));
    };
    const request = action.request as CarrierRequest;

    switch (request.type) {
      case 'activate':
        await startPeriod();
        await tx
          .update(sims)
          .set({
            status: 'active',
            mdn: result.mdn ?? null,
            zip: request.zip,
            activatedAt: now,
            activationCode: result.activationCode ?? null,
            problem: null,
            problemNote: null,
            ...balances,
          })
          .where(eq(sims.id, simId));
        if (ctx.portId) await this.settlePort(tx, ctx.portId, 'completed', null);
        return;
      case 'renew':
      case 'recover':
      case 'change_plan':
        await startPeriod();
        await tx
          .update(sims)
          .set({
            status: 'active',
            ...(ctx.planId ? { planId: ctx.planId } : {}),
            // Recovered onto a new card: the SIM is that card from now on.
            ...(request.type === 'recover' && request.newIccid ? { iccid: request.newIccid, esn: null } : {}),
            problem: null,
            problemNote: null,
            ...balances,
          })
          .where(stillOurs);
        return;
      case 'add_balance':
        if (ctx.addOnRowId) await tx.update(simAddOns).set({ status: 'active' }).where(eq(simAddOns.id, ctx.addOnRowId));
        await tx.update(sims).set(balances).where(eq(sims.id, simId));
        return;
      case 'set_wifi_calling':
        await tx
          .update(sims)
          .set({ wifiCalling: request.enabled, ...(request.address ? { e911Address: request.address } : {}) })
          .where(eq(sims.id, simId));
        return;
      case 'suspend':
        await tx.update(sims).set({ status: 'suspended' }).where(stillOurs);
        return;
      case 'reconnect':
        await tx.update(sims).set({ status: 'active', ...balances }).where(stillOurs);
        return;
      case 'refresh':
        await tx
          .update(sims)
          .set({
            // Onto a new card or eSIM profile: the SIM is that one from now on (an eSIM result carries its code).
            ...(request.newIccid ? { iccid: request.newIccid, esn: null, kind: result.activationCode ? ('esim' as const) : ('physical' as const) } : {}),
            ...(result.activationCode ? { activationCode: result.activationCode, profileInstalledAt: null } : {}),
            problem: null,
            problemNote: null,
          })
          .where(eq(sims.id, simId));
        return;
      case 'port_in':
        await tx.update(sims).set({ mdn: result.mdn ?? request.port.mdn }).where(eq(sims.id, simId));
        if (ctx.portId) await this.settlePort(tx, ctx.portId, 'completed', null);
        return;
      case 'cancel_port':
        if (ctx.portId) await this.settlePort(tx, ctx.portId, 'canceled', null);
        return;
    }
  }

  private async applyFailure(tx: Executor, action: ActionRow, status: string, reason: string): Promise<void> {
    const ctx = action.context as ActionContext;
    if (ctx.portId && ['resolution_required', 'rejected', 'canceled'].includes(status)) {
      await this.settlePort(tx, ctx.portId, status as 'resolution_required' | 'rejected' | 'canceled', status === 'canceled' ? null : reason);
      if (action.type === 'activate' && action.simId) {
        await tx.update(sims).set({ status: 'inactive' }).where(and(eq(sims.id, action.simId), eq(sims.status, 'pending')));
      }
      return;
    }
    if (ctx.portId) await this.settlePort(tx, ctx.portId, 'rejected', reason);
    if (ctx.periodId) await tx.update(simPlanPeriods).set({ status: 'canceled' }).where(and(eq(simPlanPeriods.id, ctx.periodId), eq(simPlanPeriods.status, 'scheduled')));
    if (ctx.addOnRowId) await tx.update(simAddOns).set({ status: 'failed' }).where(eq(simAddOns.id, ctx.addOnRowId));
    let note: string | null = null;
    for (const l of this.failureListeners) note = (await l(tx, action, reason)) ?? note;
    if (!action.simId) return;
    if (action.type === 'activate') {
      // The plan stays paid and scheduled on the SIM: activation can be tried again, or support helps.
      if (ctx.periodId) await tx.update(simPlanPeriods).set({ status: 'scheduled' }).where(eq(simPlanPeriods.id, ctx.periodId));
      await tx
        .update(sims)
        .set({ status: 'inactive', problem: 'PROBLEM_WITH_ACTIVATION', problemNote: note })
        .where(and(eq(sims.id, action.simId), inArray(sims.status, ['pending', 'inactive'])));
    } else if (['renew', 'recover', 'change_plan', 'add_balance', 'refresh'].includes(action.type)) {
      await tx.update(sims).set({ problem: 'CARRIER_ACTION_FAILED', problemNote: note }).where(eq(sims.id, action.simId));
    }
  }

  private async settlePort(
    tx: Executor,
    portId: string,
    status: 'submitted' | 'pending' | 'completed' | 'resolution_required' | 'rejected' | 'canceled',
    reason: string | null,
  ): Promise<void> {
    const final = ['completed', 'rejected', 'canceled'].includes(status);
    await tx
      .update(portRequests)
      .set({ status, reason, ...(final ? { finishedAt: new Date() } : {}) })
      // A finished port does not move again (a late 'pending' callback after completion changes nothing).
      .where(and(eq(portRequests.id, portId), inArray(portRequests.status, PORT_PROGRESS.has(status) ? ['submitted', 'pending'] : ['submitted', 'pending', 'resolution_required'])));
  }
}
