import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AddOn, Plan } from '@app/shared/contracts/catalogue';
import type { Sim } from '@app/shared/contracts/sims';
import { deriveSim, isUsZipFormat, recoverability } from '@app/shared/rules/sims';
import { classifySimNumber, isValidIccid } from '@app/shared/rules/sim-numbers';
import { ERRORS } from '@app/shared/errors';
import type { Carrier, CarrierSim, E911Address, PlanSpec, PortDetails } from '../../adapters/carrier/carrier.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { simPlanPeriods, sims, usageRecords } from '../../db/schema/sims.js';
import { appError, type FieldError } from '../../lib/errors.js';
import { OUT_OF_STOCK } from '../checkout/fulfilment.js';
import type { Logger } from '../../lib/logger.js';
import type { Throttle } from '../../lib/throttle.js';
import { describeWait } from '../../lib/wait.js';
import { findSubscriberById } from '../accounts/accounts.repository.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { CoverageService } from '../network-coverage/coverage.service.js';
import type { CarrierActionService } from './carrier-actions.service.js';
import {
  bundle,
  findOwnedSim,
  findSimByEsn,
  findSimByIccid,
  listSims,
  listUsage,
  openActionOfType,
  scheduledPeriod,
  type SimBundle,
  type SimRow,
} from './sims.repository.js';

/**
 * The SIM lifecycle as subscribers see it (spec §3, §4, §7): the list with derived balances and
 * badges, activation with a US ZIP, Wi-Fi calling with a validated 911 address, usage, recovery
 * eligibility, the auto-renew/auto-extend switches, and the public look-ups. Changes at the network
 * go through CarrierActionService (recorded with the state change, sent by a job).
 */

export interface SimPageOptions {
  query?: string | undefined;
  page: number;
  limit: number;
}

const ZIP_FIELD = (message: string): FieldError[] => [{ field: 'zip', message }];

export function planSpec(plan: Plan, days: number): PlanSpec {
  return { code: plan.id, days, dataMb: plan.dataMb, voiceMinutes: plan.voiceMinutes, sms: plan.sms };
}

/** How long after an activation the public look-up still shows the new number (decision 174). */
const PUBLIC_NUMBER_WINDOW_MS = 60 * 60_000;

export class SimsService {
  constructor(
    private readonly db: Db,
    private readonly carrier: Carrier,
    private readonly actions: CarrierActionService,
    private readonly catalogue: CatalogueService,
    private readonly coverage: CoverageService,
    private readonly log: Logger,
    /** How many wrong SIM numbers an account may enter on Add SIMs in a window (SIM_ASSIGN_MISSES). */
    private readonly assignMisses: { throttle: Throttle; max: number; windowMs: number },
    /** Tells the owner what the network did while they were away (a number moved to another carrier). */
    private readonly notices: { mail: MailService; publicUrl: string },
  ) {}

  // --- reads ------------------------------------------------------------------------------------------

  /** `locale`: the language of the plan names shown (the request's; English by default). */
  async list(subscriberId: string, opts: SimPageOptions, locale?: string): Promise<{ total: number; data: Sim[] }> {
    const { total, rows } = await listSims(this.db, subscriberId, { query: opts.query, offset: (opts.page - 1) * opts.limit, limit: opts.limit });
    return { total, data: await this.views(this.db, rows, new Date(), locale) };
  }

  async get(subscriberId: string, simId: string, locale?: string): Promise<Sim> {
    const row = await findOwnedSim(this.db, subscriberId, simId);
    if (!row) throw appError('SIM_NOT_FOUND');
    return (await this.views(this.db, [row], new Date(), locale))[0]!;
  }

  async views(exec: Executor, rows: SimRow[], now = new Date(), locale?: string): Promise<Sim[]> {
    const snap = await this.catalogue.snapshot(locale);
    return (await bundle(exec, rows)).map((b) => this.view(b, snap.plans, now));
  }

  private view(b: SimBundle, plans: Map<string, Plan>, now: Date): Sim {
    const { sim, period } = b;
    const plan = sim.planId ? plans.get(sim.planId) : undefined;
    const planRef = (p: Plan | undefined) =>
      p
        ? {
            id: p.id,
            name: p.name,
            simSourceType: p.simSource.type,
            callMinutes: p.voiceMinutes,
            sms: p.sms,
            bandwidth: p.dataMb,
            validityDays: p.validityDays,
          }
        : null;
    const periodPlan = period ? plans.get(period.planId) : undefined;
    const plus = (base: number | null | undefined, add: number) => (base === null || base === undefined ? null : base + add);
    const total = period
      ? { call: plus(period.voiceMinutes, b.addOns.voiceMinutes), sms: plus(period.sms, b.addOns.sms), data: plus(period.dataMb, b.addOns.dataMb) }
      : { call: null, sms: null, data: null };
    const known = sim.balancesAt !== null;
    const remaining = {
      call: known ? sim.remainingVoiceMinutes : total.call,
      sms: known ? sim.remainingSms : total.sms,
      data: known ? sim.remainingDataMb : total.data,
    };
    const activePeriod = period?.status === 'active' ? period : undefined;
    const derived = deriveSim(
      {
        state: sim.status,
        hasPlan: sim.planId !== null,
        expiresAt: activePeriod?.expiresAt ?? null,
        activatedAt: sim.activatedAt,
        releasedAt: sim.releasedAt,
        total,
        remaining,
      },
      now,
    );
    const badge = derived.status.status;
    const simPlanStatus = badge === 'inactive' ? 'plan_inactive' : badge === 'used_up' ? 'active' : badge;
    const esim =
      sim.kind === 'esim' && sim.activationCode
        ? (() => {
            const [, smdpAddress = '', matchingId = ''] = /^LPA:1\$([^$]+)\$(.+)$/.exec(sim.activationCode) ?? [];
            return { activationCode: sim.activationCode, smdpAddress, matchingId, installed: sim.profileInstalledAt !== null };
          })()
        : null;
    return {
      id: sim.id,
      kind: sim.kind,
      iccid: sim.iccid,
      esn: sim.esn,
      mdn: sim.mdn,
      zip: sim.zip,
      createdAt: sim.createdAt.toISOString(),
      activatedAt: sim.activatedAt?.toISOString() ?? null,
      simPlanStatus,
      simPlan: planRef(plan),
      simSubscription: {
        planSubscription: period
          ? {
              plan: planRef(periodPlan ?? plan)!,
              startsAt: period.startsAt?.toISOString() ?? null,
              expiresAt: period.expiresAt?.toISOString() ?? null,
              releasedAt: sim.releasedAt?.toISOString() ?? null,
            }
          : null,
      },
      sourceDetails: {
        providerDetails: {
          totalVoice: total.call,
          totalSms: total.sms,
          totalData: total.data,
          voice: remaining.call,
          sms: remaining.sms,
          data: remaining.data,
          totalUsageVoice: derived.usageBalance.call,
          totalUsageSms: derived.usageBalance.sms,
          totalUsageData: derived.usageBalance.data,
        },
      },
      balance: derived.balance,
      usageBalance: derived.usageBalance,
      status: derived.status,
      autoRenew: sim.autoRenew,
      autoExtend: sim.autoExtend,
      wifiCalling: sim.wifiCalling,
      e911Address: (sim.e911Address as Sim['e911Address']) ?? null,
      pendingAction: b.pendingAction ? { id: b.pendingAction.id, type: b.pendingAction.type, since: b.pendingAction.createdAt.toISOString() } : null,
      problem: sim.problem
        ? { code: sim.problem, message: sim.problem in ERRORS ? ERRORS[sim.problem as keyof typeof ERRORS].message : sim.problem, note: sim.problemNote }
        : null,
      esim,
    };
  }

  // --- provisioning (fulfilment of a paid plan) ---------------------------------------------------------

  /**
   * A new SIM for a subscriber with a paid plan waiting to be activated: takes a SIM card or eSIM
   * profile from the carrier's inventory (`reference` makes a retried fulfilment take the same one)
   * and records it with a scheduled plan period. eSIMs carry their activation code from here on, so
   * the profile can be installed before activation.
   */
  async provision(
    tx: Executor,
    a: {
      subscriberId: string | null;
      planId: string;
      priceId?: string | null | undefined;
      days?: number | undefined;
      reference: string;
      /** The SIM the caller reserved for `reference` before the transaction (else it is reserved here). */
      reserved?: CarrierSim | undefined;
    },
  ): Promise<SimRow> {
    const plan = (await this.catalogue.snapshot()).plans.get(a.planId);
    if (!plan) throw appError('PLAN_NOT_FOUND');
    const kind = plan.simSource.type.startsWith('sim_') ? 'physical' : 'esim';
    const existing = a.reserved?.kind === kind ? a.reserved : await this.carrier.reserve(kind, a.reference);
    if (!existing) throw appError('SERVICE_UNAVAILABLE', { message: `No ${kind === 'esim' ? 'eSIM profile' : 'SIM card'} is left in inventory`, reason: OUT_OF_STOCK });
    const already = await findSimByIccid(tx, existing.iccid);
    if (already) return already;
    const [sim] = await tx
      .insert(sims)
      .values({
        subscriberId: a.subscriberId,
        kind,
        iccid: existing.iccid,
        esn: existing.esn ?? null,
        planId: plan.id,
        activationCode: existing.activationCode ?? null,
      })
      .returning();
    await tx.insert(simPlanPeriods).values({
      simId: sim!.id,
      planId: plan.id,
      priceId: a.priceId ?? null,
      source: 'purchase',
      days: a.days ?? plan.validityDays,
      dataMb: plan.dataMb,
      voiceMinutes: plan.voiceMinutes,
      sms: plan.sms,
    });
    return sim!;
  }

  // --- activation ---------------------------------------------------------------------------------------

  private checkZip(zip: string | undefined): string {
    const z = zip?.trim();
    if (!z) throw appError('ZIP_REQUIRED', { errors: ZIP_FIELD(ERRORS.ZIP_REQUIRED.message) });
    if (!isUsZipFormat(z)) throw appError('INVALID_ZIP', { errors: ZIP_FIELD('Must be 5 digits only') });
    const five = z.slice(0, 5);
    if (!this.coverage.isUsZip(five)) throw appError('INVALID_ZIP', { errors: ZIP_FIELD(ERRORS.INVALID_ZIP.message) });
    return five;
  }

  /** Activates a SIM whose plan is paid: the network assigns a number near the ZIP. */
  async activate(subscriberId: string, simId: string, zip: string | undefined): Promise<Sim> {
    const five = this.checkZip(zip);
    return this.db.transaction(async (tx) => {
      const sim = await findOwnedSim(tx, subscriberId, simId, true);
      if (!sim) throw appError('SIM_NOT_FOUND');
      await this.startActivation(tx, sim, five);
      return (await this.views(tx, [(await findOwnedSim(tx, subscriberId, simId))!]))[0]!;
    });
  }

  /** Public activation by ICCID (printed on the card): the SIM must have been sold with a plan. */
  async activateByIccid(iccid: string, zip: string | undefined): Promise<{ status: string; iccid: string; planName: string | null }> {
    const five = this.checkZip(zip);
    return this.db.transaction(async (tx) => {
      const sim = await findSimByIccid(tx, iccid.trim(), true);
      if (!sim) throw appError('SIM_NOT_FOUND');
      await this.startActivation(tx, sim, five);
      const plan = sim.planId ? (await this.catalogue.snapshot()).plans.get(sim.planId) : undefined;
      return { status: 'pending', iccid: sim.iccid, planName: plan?.name ?? null };
    });
  }

  /** Records the activation (idempotent: a SIM already on its way answers as it is). */
  async startActivation(tx: Executor, sim: SimRow, zip: string, port?: { portId: string; details: PortDetails }) {
    if (sim.status === 'pending' && !port) return;
    if (sim.status !== 'inactive') throw appError('SIM_NOT_ACTIVATABLE');
    const period = await scheduledPeriod(tx, sim.id);
    if (!period) throw appError('SIM_NOT_ACTIVATABLE');
    const plan = (await this.catalogue.snapshot()).plans.get(period.planId);
    if (!plan) throw appError('PLAN_NOT_FOUND');
    await this.actions.record(tx, {
      simId: sim.id,
      subscriberId: sim.subscriberId,
      request: { type: 'activate', iccid: sim.iccid, plan: { code: plan.id, days: period.days, dataMb: period.dataMb, voiceMinutes: period.voiceMinutes, sms: period.sms }, zip, ...(port ? { port: port.details } : {}) },
      context: { periodId: period.id, planId: plan.id, paid: true, ...(port ? { portId: port.portId } : {}) },
    });
    await tx.update(sims).set({ status: 'pending', zip, problem: null, problemNote: null }).where(eq(sims.id, sim.id));
  }

  /** Tries a failed activation again with the ZIP given before (the plan is still paid). */
  async reactivate(subscriberId: string, simId: string, zip: string | undefined): Promise<Sim> {
    const sim = await findOwnedSim(this.db, subscriberId, simId);
    if (!sim) throw appError('SIM_NOT_FOUND');
    return this.activate(subscriberId, simId, zip ?? sim.zip ?? undefined);
  }

  /** A suspended SIM back on the network. */
  async reconnect(subscriberId: string, simId: string): Promise<Sim> {
    return this.db.transaction(async (tx) => {
      const sim = await findOwnedSim(tx, subscriberId, simId, true);
      if (!sim) throw appError('SIM_NOT_FOUND');
      if (!(await openActionOfType(tx, sim.id, ['reconnect']))) {
        if (sim.status !== 'suspended') throw appError('SIM_NOT_ACTIVE', { message: 'Only a suspended SIM can be reconnected.' });
        await this.actions.record(tx, { simId: sim.id, subscriberId, request: { type: 'reconnect', iccid: sim.iccid } });
      }
      return (await this.views(tx, [sim]))[0]!;
    });
  }

  /**
   * Puts a SIM sold with a plan but in no account (bought by someone else for this subscriber, or a
   * retail card) into this account, named by the ICCID or ESN printed on it. Someone else's SIM
   * answers like an unknown one; a card the network knows but that was sold without a plan (a blank
   * or replacement card) says so, since there is nothing to add; a SIM already here says that too.
   */
  async assign(subscriberId: string, number: string, locale?: string): Promise<{ outcome: 'assigned' | 'already_yours'; sim: Sim }> {
    const c = classifySimNumber(number);
    if ('problem' in c) {
      throw appError('VALIDATION_FAILED', { errors: [{ field: 'id', message: 'Must be the ICCID (89…, with its check digit) or the ESN printed on the card', code: 'invalid' }] });
    }
    await this.refuseWhileGuessing(subscriberId);
    const found = await this.db.transaction(async (tx) => {
      const sim = c.kind === 'iccid' ? await findSimByIccid(tx, c.value, true) : await findSimByEsn(tx, c.value, true);
      if (!sim) return undefined;
      if (sim.subscriberId !== null && sim.subscriberId !== subscriberId) return 'theirs' as const;
      const outcome = sim.subscriberId === subscriberId ? ('already_yours' as const) : ('assigned' as const);
      if (outcome === 'assigned') await tx.update(sims).set({ subscriberId }).where(eq(sims.id, sim.id));
      return { outcome, sim: (await this.views(tx, [{ ...sim, subscriberId }], new Date(), locale))[0]! };
    });
    if (found && found !== 'theirs') return found;
    // A number that is not a card this account can add counts against it (SIM_ASSIGN_MISSES).
    await this.countMiss(subscriberId);
    if (found === 'theirs') throw appError('SIM_NOT_FOUND');
    // Not one of ours: a blank card in the network's stock is worth telling apart from a typo.
    const network = c.kind === 'iccid' ? await this.carrier.lookup(c.value) : undefined;
    if (network && network.state === 'available') throw appError('SIM_CARD_HAS_NO_PLAN');
    throw appError('SIM_NOT_FOUND');
  }

  private missKey = (subscriberId: string) => `sim-assign-miss:${subscriberId}`;

  /**
   * 429 while the account has entered too many numbers that were not its to add. Checked before the
   * lookup, so a locked account learns nothing about any number, right or wrong, until the window ends.
   */
  private async refuseWhileGuessing(subscriberId: string): Promise<void> {
    const state = await this.assignMisses.throttle.peek(this.missKey(subscriberId));
    if (state && state.hits >= this.assignMisses.max) {
      throw appError('RATE_LIMITED', {
        message: `Too many SIM numbers that could not be added. Please try again in ${describeWait(state.retryAfter)}.`,
        retryAfter: state.retryAfter,
      });
    }
  }

  private async countMiss(subscriberId: string): Promise<void> {
    const { hits } = await this.assignMisses.throttle.hit(this.missKey(subscriberId), this.assignMisses.windowMs);
    if (hits === this.assignMisses.max) this.log.warn({ subscriberId }, 'Add SIMs: account reached its limit of wrong SIM numbers');
  }

  // --- Wi-Fi calling -----------------------------------------------------------------------------------

  async setWifiCalling(subscriberId: string, simId: string, body: { enabled: boolean; address?: E911Address | undefined }): Promise<Sim> {
    return this.wifiCalling((tx) => findOwnedSim(tx, subscriberId, simId, true), body);
  }

  /**
   * Public variant (/wifi-actions without signing in): the SIM named by the ICCID on its card. The
   * answer says only that the change is on its way, nothing about the SIM's number or account.
   */
  async setWifiCallingByIccid(iccid: string, body: { enabled: boolean; address?: E911Address | undefined }): Promise<{ iccid: string; status: 'pending'; enabled: boolean }> {
    const sim = await this.wifiCalling(async (tx) => {
      const row = await findSimByIccid(tx, iccid.trim(), true);
      return row?.subscriberId ? row : undefined;
    }, body);
    return { iccid: sim.iccid, status: 'pending', enabled: body.enabled };
  }

  private async wifiCalling(find: (tx: Executor) => Promise<SimRow | undefined>, body: { enabled: boolean; address?: E911Address | undefined }): Promise<Sim> {
    let address: E911Address | undefined;
    if (body.address) {
      const checked = await this.carrier.validateE911(body.address);
      if (!checked.valid) throw appError('E911_ADDRESS_INVALID', { errors: checked.problems.map((p) => ({ field: `address.${p.field}`, message: p.message })) });
      address = checked.address;
    }
    return this.db.transaction(async (tx) => {
      const sim = await find(tx);
      if (!sim) throw appError('SIM_NOT_FOUND');
      const subscriberId = sim.subscriberId;
      if (sim.status !== 'active') throw appError('SIM_NOT_ACTIVE');
      if (body.enabled && !address && !sim.e911Address) throw appError('E911_ADDRESS_REQUIRED', { errors: [{ field: 'address', message: ERRORS.E911_ADDRESS_REQUIRED.message }] });
      if (await openActionOfType(tx, sim.id, ['set_wifi_calling'])) throw appError('SIM_ACTION_PENDING');
      await this.actions.record(tx, {
        simId: sim.id,
        subscriberId,
        request: { type: 'set_wifi_calling', iccid: sim.iccid, enabled: body.enabled, address },
      });
      return (await this.views(tx, [sim]))[0]!;
    });
  }

  // --- switches ------------------------------------------------------------------------------------------

  async setAuto(subscriberId: string, simId: string, which: 'autoRenew' | 'autoExtend', on: boolean): Promise<Sim> {
    const [row] = await this.db
      .update(sims)
      .set({ [which]: on })
      .where(and(eq(sims.id, simId), eq(sims.subscriberId, subscriberId)))
      .returning();
    if (!row) throw appError('SIM_NOT_FOUND');
    return (await this.views(this.db, [row]))[0]!;
  }

  // --- usage and recovery ----------------------------------------------------------------------------------

  async usageLog(subscriberId: string, simId: string, q: { from?: string | undefined; to?: string | undefined; page: number; limit: number }) {
    const sim = await findOwnedSim(this.db, subscriberId, simId);
    if (!sim) throw appError('SIM_NOT_FOUND');
    const { total, rows } = await listUsage(this.db, sim.id, {
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    return {
      total,
      data: rows.map((r) => ({
        bucketStart: r.bucketStart.toISOString(),
        dataMb: r.dataMb,
        voiceInMinutes: r.voiceInMinutes,
        voiceOutMinutes: r.voiceOutMinutes,
        voicemailMinutes: r.voicemailMinutes,
        smsIn: r.smsIn,
        smsOut: r.smsOut,
        billableUnits: r.billableUnits,
        usageType: r.usageType,
      })),
    };
  }

  async checkRecoverability(subscriberId: string, simId: string, now = new Date()): Promise<{ recoverable: true; daysSinceExpiry: number }> {
    const sim = await findOwnedSim(this.db, subscriberId, simId);
    if (!sim) throw appError('SIM_NOT_FOUND');
    const [b] = await bundle(this.db, [sim]);
    const verdict = recoverability(
      {
        state: sim.status,
        expiresAt: b?.period?.status === 'active' ? b.period.expiresAt : null,
        activatedAt: sim.activatedAt,
        hasNumber: sim.mdn !== null,
        portInProgress: b?.portInProgress ?? false,
      },
      now,
    );
    if (!verdict.recoverable) throw appError(verdict.code);
    return verdict;
  }

  // --- public look-ups -----------------------------------------------------------------------------------

  async lookup(iccid: string) {
    const key = iccid.trim();
    const [network, ours] = await Promise.all([this.carrier.lookup(key), findSimByIccid(this.db, key)]);
    if (!network) throw appError('SIM_NOT_FOUND');
    const plan = ours?.planId ? (await this.catalogue.snapshot()).plans.get(ours.planId) : undefined;
    let availability: 'available' | 'activatable' | 'pending' | 'active' | 'unavailable' = 'unavailable';
    if (ours?.status === 'active') availability = 'active';
    else if (ours?.status === 'pending') availability = 'pending';
    else if (ours?.status === 'inactive' && ours.planId) availability = 'activatable';
    else if (!ours && network.state === 'available') availability = 'available';
    // The new number is shown to whoever just activated the card (decision 174), never later.
    const justActivated = ours?.status === 'active' && ours.activatedAt !== null && Date.now() - ours.activatedAt.getTime() < PUBLIC_NUMBER_WINDOW_MS;
    return { iccid: network.iccid, kind: network.kind, availability, planName: plan?.name ?? null, phoneNumber: justActivated ? ours.mdn : null };
  }

  async availability() {
    const stock = await this.carrier.stock();
    return { physical: stock.physical > 0, esim: stock.esim > 0 };
  }

  async verify(iccid: string) {
    const key = iccid.trim();
    if (!isValidIccid(key)) return { valid: false as const, reason: 'invalid_iccid' };
    const found = await this.lookup(key).catch(() => undefined);
    if (!found) return { valid: false as const, reason: 'unknown_iccid' };
    return { valid: true as const, kind: found.kind, availability: found.availability };
  }

  async simSourceOf(iccid: string) {
    const found = await this.lookup(iccid);
    return { type: found.kind === 'physical' ? 'sim_triple' : 'esim', kind: found.kind };
  }

  async simSources() {
    const snap = await this.catalogue.snapshot();
    const types = [...new Set([...snap.plans.values()].filter((p) => p.isActive).map((p) => p.simSource.type))].sort();
    return types.map((type) => ({ type, kind: type.startsWith('sim_') ? ('physical' as const) : ('esim' as const) }));
  }

  /** Add-ons that may be bought for the SIM's current plan (spec §8 when there are none). */
  async allowedAddOns(planId: string, locale?: string): Promise<AddOn[]> {
    const snap = await this.catalogue.snapshot(locale);
    if (!snap.plans.has(planId)) throw appError('PLAN_NOT_FOUND');
    const list = snap.addOns.filter((a) => a.isActive && a.allowedForPlans.includes(planId));
    if (list.length === 0) throw appError('NO_ADDONS_FOR_PLAN');
    return list;
  }

  async allowedAddOnsForSim(subscriberId: string, simId: string, locale?: string): Promise<AddOn[]> {
    const sim = await findOwnedSim(this.db, subscriberId, simId);
    if (!sim) throw appError('SIM_NOT_FOUND');
    if (!sim.planId) throw appError('SIM_HAS_NO_ACTIVE_PLAN');
    return this.allowedAddOns(sim.planId, locale);
  }

  /** Every add-on the subscriber's SIMs can take, grouped by SIM. */
  async addOnPlans(subscriberId: string, locale?: string) {
    const { rows } = await listSims(this.db, subscriberId, { offset: 0, limit: 100 });
    const snap = await this.catalogue.snapshot(locale);
    return rows
      .filter((s) => s.planId && s.status === 'active')
      .map((s) => ({ simId: s.id, mdn: s.mdn, addOns: snap.addOns.filter((a) => a.isActive && a.allowedForPlans.includes(s.planId!)) }));
  }

  // --- carrier sync (job) ------------------------------------------------------------------------------

  /** The owner's notice that their number moved to another carrier (decision 231). */
  private async mailPortedOut(tx: Executor, subscriberId: string, number: string): Promise<void> {
    const owner = await findSubscriberById(tx, subscriberId);
    if (!owner || owner.deletedAt) return;
    await this.notices.mail.enqueue(tx, owner.email, owner.locale, {
      kind: 'number-ported-out',
      firstName: owner.firstName,
      number,
      link: `${this.notices.publicUrl}/dashboard/sim`,
    });
  }

  /**
   * Copies usage records and balances from the carrier for SIMs on the network, and follows the
   * network's view of expiry and release (periodic job, once across instances).
   */
  async syncFromCarrier(limit = 500): Promise<{ sims: number; records: number }> {
    const rows = await this.db
      .select()
      .from(sims)
      .where(inArray(sims.status, ['active', 'expired', 'suspended']))
      .orderBy(sql`${sims.balancesAt} nulls first`)
      .limit(limit);
    let records = 0;
    for (const sim of rows) {
      try {
        const network = await this.carrier.lookup(sim.iccid);
        if (!network) continue;
        const usage = await this.carrier.usage(sim.iccid, sim.usageCursor ?? undefined, 1000);
        await this.db.transaction(async (tx) => {
          if (usage.length) {
            const inserted = await tx
              .insert(usageRecords)
              .values(
                usage.map((u) => ({
                  simId: sim.id,
                  carrierRecordId: u.id,
                  bucketStart: new Date(u.bucketStart),
                  dataMb: u.dataMb,
                  voiceInMinutes: u.voiceInMinutes,
                  voiceOutMinutes: u.voiceOutMinutes,
                  voicemailMinutes: u.voicemailMinutes,
                  smsIn: u.smsIn,
                  smsOut: u.smsOut,
                  billableUnits: u.billableUnits,
                  usageType: u.usageType,
                })),
              )
              .onConflictDoNothing()
              .returning({ id: usageRecords.id });
            records += inserted.length;
          }
          let state: Partial<typeof sims.$inferInsert> =
            network.state === 'expired' && sim.status === 'active'
              ? { status: 'expired' as const }
              : network.state === 'released' && sim.status !== 'released'
                ? { status: 'released' as const, releasedAt: new Date(), mdn: null }
                : network.state === 'ported_out'
                  ? { status: 'ported_out' as const, releasedAt: new Date(), mdn: null }
                  : // Suspended by the network (fraud, a carrier hold): shown as such (a zombie SIM) until reconnected.
                    network.state === 'suspended' && sim.status === 'active'
                    ? { status: 'suspended' as const }
                    : network.state === 'active' && sim.status === 'suspended'
                      ? { status: 'active' as const }
                      : {};
          // The number left for another carrier (the new carrier asked for it with the account number
          // and transfer PIN). The owner hears it from us too, once: only the sync whose update moves
          // the row mails (another instance's sync of the same SIM waits for the row and finds it moved).
          if (state.status === 'ported_out') {
            const moved = await tx
              .update(sims)
              .set(state)
              .where(and(eq(sims.id, sim.id), ne(sims.status, 'ported_out')))
              .returning({ id: sims.id });
            if (moved.length > 0 && sim.subscriberId && sim.mdn) await this.mailPortedOut(tx, sim.subscriberId, sim.mdn);
            // Applied just now, or by another instance's sync (whose time of release stands).
            state = {};
          }
          await tx
            .update(sims)
            .set({
              remainingDataMb: network.balances.dataMb,
              remainingVoiceMinutes: network.balances.voiceMinutes,
              remainingSms: network.balances.sms,
              balancesAt: new Date(),
              ...(usage.length ? { usageCursor: usage[usage.length - 1]!.id } : {}),
              ...(network.profileInstalled && !sim.profileInstalledAt ? { profileInstalledAt: new Date() } : {}),
              ...state,
            })
            .where(eq(sims.id, sim.id));
        });
      } catch (e) {
        this.log.warn({ sim: sim.id, reason: (e as Error).message }, 'carrier sync failed for a SIM');
      }
    }
    return { sims: rows.length, records };
  }
}
