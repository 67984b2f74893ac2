import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { Executor } from '../../../db/executor.js';
import { donorAccounts, simInventory, simTransactions, simUsage } from '../../../db/schema/carrier-sim.js';
import type { JobDefinition, JobQueue } from '../../../jobs/queue.js';
import { isUniqueViolation } from '../../../lib/errors.js';
import type { Logger } from '../../../lib/logger.js';
import { zipIndex } from '../../../modules/network-coverage/zip-index.js';
import { stateForZip } from '../../../modules/network-coverage/zip-states.js';
import {
  CarrierTimeoutError,
  CarrierUnavailableError,
  type Balances,
  type Carrier,
  type CarrierAck,
  type CarrierOutcome,
  type CarrierRequest,
  type CarrierSim,
  type E911Address,
  type E911Validation,
  type InventoryItem,
  type OutcomeResult,
  type OutcomeStatus,
  type PlanSpec,
  type PortDetails,
  type PortEligibility,
  type PortResolutionReason,
  type SimKind,
  type UsageRecord,
} from '../carrier.js';
import { areaCodeForZip, isUsStateCode } from './area-codes.js';

/**
 * A carrier that behaves like a wholesale (MVNE) platform, on its own tables (schema carrier_sim):
 * `submit` records the request and acknowledges it with a transaction id; a job carries it out
 * after `delaySeconds` and another job reports the outcome to the registered handler (our
 * callback); ports go submitted → pending → completed / resolution_required / rejected / canceled;
 * a periodic job makes active SIMs use data, minutes and texts and expires plans whose time is up.
 * Faults can be injected per call for tests (timeout, error, slow answer, lost callback).
 * See docs/decisions/160-carrier-adapter-and-simulator.md.
 */

export const SIM_PROCESS_JOB = 'carrier-sim-process';
export const SIM_CALLBACK_JOB = 'carrier-sim-callback';
export const SIM_USAGE_JOB = 'carrier-sim-usage';

export interface SimulatorSettings {
  /** Seconds between a request and its outcome (and between port steps). */
  delaySeconds: number;
  /** How long a 'timeout' fault hangs before failing, and a 'slow' answer takes. */
  faultDelayMs: number;
  smdpAddress: string;
  /** Period of the usage/expiry tick. */
  usageEverySeconds: number;
  /** Days an expired SIM keeps its number before it is released. */
  recoveryDays: number;
}

export type FaultMode = 'timeout' | 'error' | 'slow' | 'lost_callback';
/** `callback` with mode lost_callback: the next new request's outcome is never reported. */
export type FaultOperation = 'submit' | 'outcome' | 'lookup' | 'validate' | 'callback';

export interface Fault {
  operation: FaultOperation;
  mode: FaultMode;
  /** Only requests of this type (submit). */
  requestType?: CarrierRequest['type'] | undefined;
  /** How many calls it affects (default 1). */
  times?: number | undefined;
}

type TxRow = typeof simTransactions.$inferSelect;
type SimRow = typeof simInventory.$inferSelect;

const RESOLUTION_ORDER: Array<[PortResolutionReason, (d: typeof donorAccounts.$inferSelect, p: PortDetails) => boolean]> = [
  ['account_number_mismatch', (d, p) => d.accountNumber.trim() !== p.accountNumber.trim()],
  ['wrong_pin', (d, p) => d.pin !== p.pin],
  ['name_mismatch', (d, p) => normaliseName(d.authorizedName) !== normaliseName(p.authorizedName)],
  ['zip_mismatch', (d, p) => d.zip !== p.zip.trim().slice(0, 5)],
];

function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z]+/g, ' ').trim();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function isPlausibleMdn(mdn: string): boolean {
  return /^\+1[2-9]\d{2}[2-9]\d{6}$/.test(mdn);
}

export function lpaString(smdpAddress: string, matchingId: string): string {
  return `LPA:1$${smdpAddress}$${matchingId}`;
}

export class CarrierSimulator implements Carrier {
  readonly name = 'simulator';
  private handler: ((o: CarrierOutcome) => Promise<void>) | undefined;
  private faults: Array<Fault & { left: number }> = [];

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly settings: SimulatorSettings,
    private readonly log: Logger,
  ) {}

  onOutcome(handler: (o: CarrierOutcome) => Promise<void>): void {
    this.handler = handler;
  }

  // --- fault injection (tests and demos) ---------------------------------------------------------

  injectFault(fault: Fault): void {
    this.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.faults = [];
  }

  private takeFault(operation: FaultOperation, requestType?: string): FaultMode | undefined {
    const f = this.faults.find((x) => x.operation === operation && x.left > 0 && (!x.requestType || x.requestType === requestType));
    if (!f) return undefined;
    f.left -= 1;
    return f.mode;
  }

  private async callFault(operation: FaultOperation, requestType?: string): Promise<FaultMode | undefined> {
    const mode = this.takeFault(operation, requestType);
    if (mode === 'error') throw new CarrierUnavailableError('503 service unavailable (injected)');
    if (mode === 'slow') await sleep(this.settings.faultDelayMs);
    return mode;
  }

  // --- inventory and reads ------------------------------------------------------------------------

  async importInventory(items: InventoryItem[]): Promise<{ added: number; skipped: number }> {
    if (items.length === 0) return { added: 0, skipped: 0 };
    let added = 0;
    for (let i = 0; i < items.length; i += 500) {
      const chunk = items.slice(i, i + 500);
      const rows = await this.db
        .insert(simInventory)
        .values(
          chunk.map((it) => ({
            iccid: it.iccid,
            kind: it.kind,
            esn: it.esn ?? null,
            smdpAddress: it.kind === 'esim' ? (it.smdpAddress ?? this.settings.smdpAddress) : null,
            matchingId: it.kind === 'esim' ? (it.matchingId ?? newMatchingId()) : null,
          })),
        )
        .onConflictDoNothing()
        .returning({ iccid: simInventory.iccid });
      added += rows.length;
    }
    return { added, skipped: items.length - added };
  }

  async reserve(kind: SimKind, reference: string): Promise<CarrierSim | undefined> {
    // The same reference gets the same SIM (a fulfilment retried after a crash takes no second one).
    const [already] = await this.db.select().from(simInventory).where(eq(simInventory.reservedFor, reference)).limit(1);
    if (already) return toCarrierSim(already);
    // SKIP LOCKED: concurrent orders each take a different SIM.
    let rows: { rows: { iccid: string }[] };
    try {
      rows = await this.db.execute<{ iccid: string }>(sql`
        UPDATE carrier_sim.sims SET state = 'reserved', reserved_for = ${reference}
        WHERE iccid = (
          SELECT iccid FROM carrier_sim.sims WHERE state = 'available' AND kind = ${kind}
          ORDER BY iccid LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING iccid`);
    } catch (e) {
      // The same reference reserved at the same moment by another caller: theirs is ours.
      if (!isUniqueViolation(e)) throw e;
      const [mine] = await this.db.select().from(simInventory).where(eq(simInventory.reservedFor, reference)).limit(1);
      return mine ? toCarrierSim(mine) : undefined;
    }
    const iccid = rows.rows[0]?.iccid;
    return iccid ? this.lookup(iccid) : undefined;
  }

  async lookup(iccidOrMdn: string): Promise<CarrierSim | undefined> {
    await this.callFault('lookup');
    const key = iccidOrMdn.trim();
    const [row] = await this.db
      .select()
      .from(simInventory)
      .where(key.startsWith('+') ? eq(simInventory.mdn, key) : eq(simInventory.iccid, key))
      .limit(1);
    return row ? toCarrierSim(row) : undefined;
  }

  async stock(): Promise<Record<SimKind, number>> {
    const rows = await this.db
      .select({ kind: simInventory.kind, n: sql<number>`count(*)::int` })
      .from(simInventory)
      .where(eq(simInventory.state, 'available'))
      .groupBy(simInventory.kind);
    return { physical: rows.find((r) => r.kind === 'physical')?.n ?? 0, esim: rows.find((r) => r.kind === 'esim')?.n ?? 0 };
  }

  async balances(iccid: string): Promise<Balances | undefined> {
    const sim = await this.lookup(iccid);
    return sim?.balances;
  }

  async usage(iccid: string, afterId: string | undefined, limit: number): Promise<UsageRecord[]> {
    const rows = await this.db
      .select()
      .from(simUsage)
      .where(and(eq(simUsage.iccid, iccid), afterId ? gt(simUsage.id, Number(afterId)) : undefined))
      .orderBy(asc(simUsage.id))
      .limit(limit);
    return rows.map((r) => ({
      id: String(r.id),
      iccid: r.iccid,
      bucketStart: r.bucketStart.toISOString(),
      dataMb: r.dataMb,
      voiceInMinutes: r.voiceInMinutes,
      voiceOutMinutes: r.voiceOutMinutes,
      voicemailMinutes: r.voicemailMinutes,
      smsIn: r.smsIn,
      smsOut: r.smsOut,
      billableUnits: r.billableUnits,
      usageType: r.usageType as UsageRecord['usageType'],
    }));
  }

  async validatePort(mdn: string): Promise<PortEligibility> {
    await this.callFault('validate');
    if (!isPlausibleMdn(mdn)) return { eligible: false, reason: 'invalid_number' };
    const [ours] = await this.db.select({ iccid: simInventory.iccid }).from(simInventory).where(eq(simInventory.mdn, mdn)).limit(1);
    if (ours) return { eligible: false, reason: 'already_ours' };
    if (await this.openPortFor(this.db, mdn)) return { eligible: false, reason: 'port_in_progress' };
    const [donor] = await this.db.select().from(donorAccounts).where(eq(donorAccounts.mdn, mdn)).limit(1);
    if (donor && !donor.portable) return { eligible: false, reason: 'not_portable' };
    return { eligible: true };
  }

  async validateE911(address: E911Address): Promise<E911Validation> {
    await this.callFault('validate');
    const problems: Array<{ field: keyof E911Address; message: string }> = [];
    const street = address.street.trim().replace(/\s+/g, ' ');
    if (!/^\d+[A-Za-z]?(-\d+)?\s+\S+/.test(street)) {
      problems.push({ field: 'street', message: 'Enter a street address that starts with the house number' });
    }
    if (/\bP\.?\s*O\.?\s*Box\b/i.test(street)) problems.push({ field: 'street', message: 'A P.O. box cannot be a 911 address' });
    if (address.city.trim().length < 2) problems.push({ field: 'city', message: 'Enter the city' });
    const state = address.state.trim().toUpperCase();
    const zip = address.zip.trim().slice(0, 5);
    if (!isUsStateCode(state)) problems.push({ field: 'state', message: 'Enter a two-letter US state code' });
    if (!/^\d{5}(-\d{4})?$/.test(address.zip.trim()) || !zipIndex().locate(zip)) {
      problems.push({ field: 'zip', message: 'Enter a valid US ZIP code' });
    } else if (isUsStateCode(state) && stateForZip(zip) !== state) {
      problems.push({ field: 'zip', message: `This ZIP code is not in ${state}` });
    }
    if (problems.length) return { valid: false, problems };
    return {
      valid: true,
      address: { street, ...(address.unit?.trim() ? { unit: address.unit.trim() } : {}), city: address.city.trim(), state, zip },
    };
  }

  // --- state changes ------------------------------------------------------------------------------

  async submit(request: CarrierRequest, requestId: string): Promise<CarrierAck> {
    const fault = await this.callFault('submit', request.type);
    const ack = await this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(simTransactions).where(eq(simTransactions.requestId, requestId)).limit(1);
      if (existing) return ackOf(existing);
      const transactionId = `SIM-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;
      const rejection = await this.precheck(tx, request);
      const loseCallback = this.takeFault('callback', request.type) === 'lost_callback';
      const iccid = 'iccid' in request ? request.iccid : null;
      const status = rejection ? 'rejected' : request.type === 'port_in' || (request.type === 'activate' && request.port) ? 'submitted' : 'accepted';
      const [row] = await tx
        .insert(simTransactions)
        .values({
          transactionId,
          requestId,
          type: request.type,
          iccid,
          // Lost-callback faults are decided now, so they hold whichever instance runs the job.
          request: { ...request, loseCallback },
          status,
          final: rejection !== undefined,
          reason: rejection ?? null,
        })
        .returning();
      if (!rejection) await this.queue.send(SIM_PROCESS_JOB, { transactionId }, { exec: tx, startAfterSeconds: this.settings.delaySeconds });
      return ackOf(row!);
    });
    if (fault === 'timeout') {
      // The request arrived and is being carried out, but the answer never reaches the caller.
      await sleep(this.settings.faultDelayMs);
      throw new CarrierTimeoutError(request.type);
    }
    return ack;
  }

  async outcome(transactionId: string): Promise<CarrierOutcome | undefined> {
    await this.callFault('outcome');
    const [row] = await this.db.select().from(simTransactions).where(eq(simTransactions.transactionId, transactionId)).limit(1);
    if (!row || row.status === 'accepted') return undefined;
    return outcomeOf(row);
  }

  /** The phone downloads an eSIM profile: works once per profile (a refresh issues a new one). */
  async installProfile(activationCode: string): Promise<{ installed: boolean; reason?: string }> {
    const [, smdp, matchingId] = /^LPA:1\$([^$]+)\$(.+)$/.exec(activationCode) ?? [];
    if (!smdp || !matchingId) return { installed: false, reason: 'malformed activation code' };
    const rows = await this.db
      .update(simInventory)
      .set({ profileInstalledAt: new Date() })
      .where(and(eq(simInventory.matchingId, matchingId), sql`${simInventory.profileInstalledAt} is null`))
      .returning({ iccid: simInventory.iccid });
    return rows.length ? { installed: true } : { installed: false, reason: 'profile already installed or unknown' };
  }

  /** Test and demo helper: a number at another carrier with the details its owner must quote. */
  async addDonorAccount(d: typeof donorAccounts.$inferInsert): Promise<void> {
    await this.db.insert(donorAccounts).values(d).onConflictDoUpdate({ target: donorAccounts.mdn, set: d });
  }

  /**
   * Another carrier takes a number (a port-out: its customer gave that carrier our account number and
   * transfer PIN). The SIM leaves the network and keeps no number; our sync then sees `ported_out`.
   * Test, demo and operator helper: the real network reports this on its own. False for an unknown or
   * inactive number.
   */
  async portOut(mdn: string): Promise<boolean> {
    const rows = await this.db
      .update(simInventory)
      .set({ state: 'ported_out', mdn: null })
      .where(and(eq(simInventory.mdn, mdn), inArray(simInventory.state, ['active', 'suspended', 'expired'])))
      .returning({ iccid: simInventory.iccid });
    return rows.length > 0;
  }

  /** Test and demo helper: move a SIM's plan end (e.g. to show expiry or the recovery window). */
  async setPlanExpiry(iccid: string, expiresAt: Date): Promise<void> {
    await this.db.update(simInventory).set({ planExpiresAt: expiresAt }).where(eq(simInventory.iccid, iccid));
  }

  jobs(): JobDefinition<never>[] {
    const process: JobDefinition<{ transactionId: string; step?: number }> = {
      name: SIM_PROCESS_JOB,
      retryLimit: 5,
      retryDelaySeconds: 1,
      retryBackoff: true,
      expireInSeconds: 60,
      handle: (data) => this.process(data.transactionId, data.step ?? 1),
    };
    const callback: JobDefinition<{ transactionId: string; status: string }> = {
      name: SIM_CALLBACK_JOB,
      retryLimit: 10,
      retryDelaySeconds: 1,
      retryBackoff: true,
      expireInSeconds: 60,
      handle: (data) => this.deliver(data.transactionId, data.status),
    };
    const usage: JobDefinition<{ slot?: string }> = {
      name: SIM_USAGE_JOB,
      retryLimit: 1,
      retryDelaySeconds: 5,
      retryBackoff: false,
      expireInSeconds: 120,
      handle: () => this.tick().then(() => undefined),
    };
    return [process, callback, usage] as unknown as JobDefinition<never>[];
  }

  // --- internals --------------------------------------------------------------------------------------

  private async openPortFor(exec: Executor, mdn: string): Promise<boolean> {
    const rows = await exec.execute(sql`
      SELECT 1 FROM carrier_sim.transactions
      WHERE status IN ('submitted', 'pending') AND (request->'port'->>'mdn') = ${mdn} LIMIT 1`);
    return rows.rows.length > 0;
  }

  /** Immediate rejections: what a real platform refuses at the door. */
  private async precheck(tx: Executor, r: CarrierRequest): Promise<string | undefined> {
    if (r.type === 'cancel_port') {
      const [port] = await tx.select().from(simTransactions).where(eq(simTransactions.transactionId, r.portTransactionId)).limit(1);
      if (!port || !['submitted', 'pending', 'resolution_required'].includes(port.status)) return 'port_not_cancelable';
      return undefined;
    }
    const [sim] = await tx.select().from(simInventory).where(eq(simInventory.iccid, r.iccid)).for('update').limit(1);
    if (!sim) return 'unknown_iccid';
    switch (r.type) {
      case 'activate':
        if (!['available', 'reserved'].includes(sim.state)) return 'sim_not_activatable';
        if (!zipIndex().locate(r.zip)) return 'invalid_zip';
        if (r.port && (await this.openPortFor(tx, r.port.mdn))) return 'port_in_progress';
        return undefined;
      case 'recover':
        if (sim.state !== 'expired' && sim.state !== 'suspended') return 'sim_not_recoverable';
        if (r.newIccid) return this.targetProblem(tx, sim, r.newIccid);
        return undefined;
      case 'reconnect':
        return sim.state === 'suspended' ? undefined : 'sim_not_suspended';
      case 'refresh':
        if (!sim.mdn) return 'sim_not_active';
        if (r.newIccid) return this.targetProblem(tx, sim, r.newIccid);
        return undefined;
      case 'port_in':
        if (sim.state !== 'active') return 'sim_not_active';
        if (await this.openPortFor(tx, r.port.mdn)) return 'port_in_progress';
        return undefined;
      case 'renew':
      case 'change_plan':
        return ['active', 'expired'].includes(sim.state) ? undefined : 'sim_not_active';
      default:
        return sim.state === 'active' ? undefined : 'sim_not_active';
    }
  }

  /** A replacement card or eSIM profile must be unsold (or reserved) and not the SIM itself. */
  private async targetProblem(tx: Executor, sim: SimRow, newIccid: string): Promise<string | undefined> {
    if (newIccid === sim.iccid) return 'target_sim_not_available';
    const [target] = await tx.select().from(simInventory).where(eq(simInventory.iccid, newIccid)).for('update').limit(1);
    if (!target || !['available', 'reserved'].includes(target.state)) return 'target_sim_not_available';
    return undefined;
  }

  private async process(transactionId: string, step: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [t] = await tx.select().from(simTransactions).where(eq(simTransactions.transactionId, transactionId)).for('update').limit(1);
      if (!t || t.final) return;
      const r = t.request as CarrierRequest & { loseCallback?: boolean };
      const portDetails = r.type === 'port_in' ? r.port : r.type === 'activate' ? r.port : undefined;
      let next: { status: OutcomeStatus; final: boolean; reason?: string | undefined; result?: OutcomeResult | undefined };

      if (portDetails && step === 1) {
        // The donor carrier has been asked; the answer comes at the next step.
        next = { status: 'pending', final: false };
      } else if (portDetails) {
        const [donor] = await tx.select().from(donorAccounts).where(eq(donorAccounts.mdn, portDetails.mdn)).limit(1);
        const mismatch = donor ? RESOLUTION_ORDER.find(([, differs]) => differs(donor, portDetails))?.[0] : undefined;
        if (donor && !donor.portable) next = { status: 'rejected', final: true, reason: 'not_portable' };
        else if (mismatch) next = { status: 'resolution_required', final: true, reason: mismatch };
        else next = { status: 'completed', final: true, result: await this.apply(tx, r, portDetails.mdn) };
      } else {
        try {
          next = { status: 'completed', final: true, result: await this.apply(tx, r, undefined) };
        } catch (e) {
          next = { status: 'failed', final: true, reason: (e as Error).message };
        }
      }

      await tx
        .update(simTransactions)
        .set({ status: next.status, final: next.final, reason: next.reason ?? null, result: next.result ?? null, updatedAt: new Date() })
        .where(eq(simTransactions.transactionId, transactionId));
      if (!next.final) {
        await this.queue.send(SIM_PROCESS_JOB, { transactionId, step: step + 1 }, { exec: tx, startAfterSeconds: this.settings.delaySeconds });
      }
      if (!r.loseCallback) await this.queue.send(SIM_CALLBACK_JOB, { transactionId, status: next.status }, { exec: tx });
    });
  }

  /** Carries out a state change on the network's tables; throws to fail the transaction. */
  private async apply(tx: Executor, r: CarrierRequest, portedMdn: string | undefined): Promise<OutcomeResult> {
    const now = new Date();
    const planFields = (plan: PlanSpec, from: Date) => ({
      planCode: plan.code,
      planDays: plan.days,
      planStartedAt: from,
      planExpiresAt: new Date(from.getTime() + plan.days * 86_400_000),
      dataMb: plan.dataMb,
      voiceMinutes: plan.voiceMinutes,
      sms: plan.sms,
    });
    const done = (sim: SimRow): OutcomeResult => ({
      mdn: sim.mdn ?? undefined,
      iccid: sim.iccid,
      planStartedAt: sim.planStartedAt?.toISOString(),
      planExpiresAt: sim.planExpiresAt?.toISOString(),
      activationCode: sim.kind === 'esim' && sim.smdpAddress && sim.matchingId ? lpaString(sim.smdpAddress, sim.matchingId) : undefined,
      balances: { dataMb: sim.dataMb, voiceMinutes: sim.voiceMinutes, sms: sim.sms },
    });
    const update = async (iccid: string, set: Partial<typeof simInventory.$inferInsert>) => {
      const [row] = await tx.update(simInventory).set(set).where(eq(simInventory.iccid, iccid)).returning();
      if (!row) throw new Error('unknown_iccid');
      return row;
    };

    switch (r.type) {
      case 'activate': {
        const mdn = portedMdn ?? (await this.allocateNumber(tx, r.zip));
        return done(await update(r.iccid, { state: 'active', mdn, zip: r.zip, ...planFields(r.plan, now) }));
      }
      case 'port_in': {
        await tx.update(simInventory).set({ mdn: null }).where(eq(simInventory.mdn, portedMdn!));
        return done(await update(r.iccid, { mdn: portedMdn! }));
      }
      case 'renew':
      case 'recover': {
        if (r.type === 'recover' && r.newIccid) {
          // The number comes back on the new card, with a fresh period from now.
          const [old] = await tx.select().from(simInventory).where(eq(simInventory.iccid, r.iccid)).limit(1);
          const [target] = await tx.select().from(simInventory).where(eq(simInventory.iccid, r.newIccid)).for('update').limit(1);
          if (!old?.mdn || !target || !['available', 'reserved'].includes(target.state)) throw new Error('target_sim_not_available');
          await update(r.iccid, { state: 'released', mdn: null });
          return done(
            await update(r.newIccid, { state: 'active', mdn: old.mdn, zip: old.zip, wifiCalling: old.wifiCalling, e911: old.e911, ...planFields(r.plan, now) }),
          );
        }
        const [sim] = await tx.select().from(simInventory).where(eq(simInventory.iccid, r.iccid)).limit(1);
        // A renewal before the end extends from the end; after it, from now.
        const from = sim?.planExpiresAt && sim.planExpiresAt > now && sim.state === 'active' ? sim.planExpiresAt : now;
        const fields = planFields(r.plan, from);
        return done(await update(r.iccid, { state: 'active', ...fields, planStartedAt: sim?.state === 'active' ? sim.planStartedAt : now }));
      }
      case 'change_plan':
        return done(await update(r.iccid, { state: 'active', ...planFields(r.plan, now) }));
      case 'add_balance': {
        const [row] = await tx
          .update(simInventory)
          .set({
            dataMb: sql`case when ${simInventory.dataMb} is null then null else ${simInventory.dataMb} + ${r.add.dataMb} end`,
            voiceMinutes: sql`case when ${simInventory.voiceMinutes} is null then null else ${simInventory.voiceMinutes} + ${r.add.voiceMinutes} end`,
            sms: sql`case when ${simInventory.sms} is null then null else ${simInventory.sms} + ${r.add.sms} end`,
          })
          .where(eq(simInventory.iccid, r.iccid))
          .returning();
        return done(row!);
      }
      case 'set_wifi_calling':
        return done(await update(r.iccid, { wifiCalling: r.enabled, ...(r.address ? { e911: r.address } : {}) }));
      case 'suspend':
        return done(await update(r.iccid, { state: 'suspended' }));
      case 'reconnect':
        return done(await update(r.iccid, { state: 'active' }));
      case 'refresh': {
        if (r.newIccid) {
          const [old] = await tx.select().from(simInventory).where(eq(simInventory.iccid, r.iccid)).limit(1);
          await update(r.iccid, { state: 'released', mdn: null });
          return done(
            await update(r.newIccid, {
              state: old!.state === 'released' ? 'active' : old!.state,
              mdn: old!.mdn,
              zip: old!.zip,
              planCode: old!.planCode,
              planDays: old!.planDays,
              planStartedAt: old!.planStartedAt,
              planExpiresAt: old!.planExpiresAt,
              dataMb: old!.dataMb,
              voiceMinutes: old!.voiceMinutes,
              sms: old!.sms,
              wifiCalling: old!.wifiCalling,
              e911: old!.e911,
            }),
          );
        }
        // eSIM: a new matching id, installable once again; the old profile stops working.
        return done(
          await update(r.iccid, {
            matchingId: newMatchingId(),
            profileInstalledAt: null,
            profileVersion: sql`${simInventory.profileVersion} + 1` as unknown as number,
          }),
        );
      }
      case 'cancel_port': {
        const rows = await tx
          .update(simTransactions)
          .set({ status: 'canceled', final: true, updatedAt: now })
          .where(and(eq(simTransactions.transactionId, r.portTransactionId), inArray(simTransactions.status, ['submitted', 'pending', 'resolution_required'])))
          .returning();
        if (!rows.length) throw new Error('port_not_cancelable');
        await this.queue.send(SIM_CALLBACK_JOB, { transactionId: r.portTransactionId, status: 'canceled' }, { exec: tx });
        return {};
      }
    }
  }

  private async allocateNumber(tx: Executor, zip: string): Promise<string> {
    const area = areaCodeForZip(zip);
    for (let i = 0; i < 20; i++) {
      const exchange = 200 + (randomBytes(2).readUInt16BE() % 800);
      const line = randomBytes(2).readUInt16BE() % 10_000;
      const mdn = `+1${area}${exchange}${String(line).padStart(4, '0')}`;
      const taken = await tx.select({ iccid: simInventory.iccid }).from(simInventory).where(eq(simInventory.mdn, mdn)).limit(1);
      const donor = await tx.select({ mdn: donorAccounts.mdn }).from(donorAccounts).where(eq(donorAccounts.mdn, mdn)).limit(1);
      if (!taken.length && !donor.length) return mdn;
    }
    throw new Error('no_numbers_available');
  }

  private async deliver(transactionId: string, status: string): Promise<void> {
    const [row] = await this.db.select().from(simTransactions).where(eq(simTransactions.transactionId, transactionId)).limit(1);
    if (!row || !this.handler) return;
    // Report the state this callback was queued for (a port's 'pending' is reported even if it has moved on).
    const outcome = { ...outcomeOf(row), status: status as OutcomeStatus, final: row.status === status ? row.final : false };
    await this.handler(outcome);
    await this.db
      .update(simTransactions)
      .set({ callbacksSent: sql`${simTransactions.callbacksSent} + 1` })
      .where(eq(simTransactions.transactionId, transactionId));
  }

  /**
   * One usage period: every active SIM uses a little of each allowance (never below zero), plans whose
   * end has passed expire, and SIMs expired longer than the recovery window lose their number.
   */
  async tick(now = new Date()): Promise<{ used: number; expired: number; released: number }> {
    const expired = await this.db
      .update(simInventory)
      .set({ state: 'expired' })
      .where(and(eq(simInventory.state, 'active'), lte(simInventory.planExpiresAt, now)))
      .returning({ iccid: simInventory.iccid });
    const releaseBefore = new Date(now.getTime() - this.settings.recoveryDays * 86_400_000);
    const released = await this.db
      .update(simInventory)
      .set({ state: 'released', mdn: null })
      .where(and(eq(simInventory.state, 'expired'), lte(simInventory.planExpiresAt, releaseBefore)))
      .returning({ iccid: simInventory.iccid });

    const active = await this.db.select().from(simInventory).where(eq(simInventory.state, 'active'));
    const bucket = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    for (const sim of active) {
      const r = (max: number) => randomBytes(1)[0]! % (max + 1);
      const want = { dataMb: 5 + r(40), voiceOut: r(6), voiceIn: r(6), voicemail: r(1), smsOut: r(4), smsIn: r(4) };
      const take = (left: number | null, n: number) => (left === null ? n : Math.min(left, n));
      const used = {
        dataMb: take(sim.dataMb, want.dataMb),
        voiceOut: take(sim.voiceMinutes, want.voiceOut),
        smsOut: take(sim.sms, want.smsOut),
      };
      await this.db.transaction(async (tx) => {
        await tx.insert(simUsage).values({
          iccid: sim.iccid,
          bucketStart: bucket,
          dataMb: used.dataMb,
          voiceInMinutes: want.voiceIn,
          voiceOutMinutes: used.voiceOut,
          voicemailMinutes: want.voicemail,
          smsIn: want.smsIn,
          smsOut: used.smsOut,
          billableUnits: used.dataMb + used.voiceOut + used.smsOut,
          usageType: 'domestic',
        });
        await tx
          .update(simInventory)
          .set({
            dataMb: sim.dataMb === null ? null : sim.dataMb - used.dataMb,
            voiceMinutes: sim.voiceMinutes === null ? null : sim.voiceMinutes - used.voiceOut,
            sms: sim.sms === null ? null : sim.sms - used.smsOut,
            lastUsageAt: now,
          })
          .where(eq(simInventory.iccid, sim.iccid));
      });
    }
    if (expired.length || released.length) this.log.info({ expired: expired.length, released: released.length }, 'carrier simulator: plans ended');
    return { used: active.length, expired: expired.length, released: released.length };
  }
}

// The simulator's ICCIDs; demo seed and tests import it from here with the rest of the simulator.
export { makeIccid } from '@app/shared/rules/sim-numbers';

function newMatchingId(): string {
  return randomUUID().toUpperCase();
}

function ackOf(row: TxRow): CarrierAck {
  return row.status === 'rejected'
    ? { transactionId: row.transactionId, status: 'rejected', reason: row.reason ?? undefined }
    : { transactionId: row.transactionId, status: 'accepted' };
}

function outcomeOf(row: TxRow): CarrierOutcome {
  const status = (row.status === 'rejected' ? 'rejected' : row.status) as OutcomeStatus;
  return {
    transactionId: row.transactionId,
    requestId: row.requestId,
    status,
    final: row.final,
    reason: row.reason ?? undefined,
    result: (row.result as OutcomeResult | null) ?? undefined,
  };
}

function toCarrierSim(row: SimRow): CarrierSim {
  return {
    iccid: row.iccid,
    kind: row.kind,
    state: row.state,
    esn: row.esn ?? undefined,
    mdn: row.mdn ?? undefined,
    planCode: row.planCode ?? undefined,
    planExpiresAt: row.planExpiresAt?.toISOString(),
    activationCode: row.kind === 'esim' && row.smdpAddress && row.matchingId ? lpaString(row.smdpAddress, row.matchingId) : undefined,
    profileInstalled: row.kind === 'esim' ? row.profileInstalledAt !== null : undefined,
    wifiCalling: row.wifiCalling,
    balances: { dataMb: row.dataMb, voiceMinutes: row.voiceMinutes, sms: row.sms },
  };
}
