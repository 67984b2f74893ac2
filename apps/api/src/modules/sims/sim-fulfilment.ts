import { eq, inArray } from 'drizzle-orm';
import type { LineType } from '@app/shared/contracts/checkout';
import type { Plan } from '@app/shared/contracts/catalogue';
import type { CarrierRequest, CarrierSim, OutcomeResult, SimKind } from '../../adapters/carrier/carrier.js';
import type { Executor } from '../../db/executor.js';
import { orderLines } from '../../db/schema/checkout.js';
import { heldAddOns, simPlanPeriods, sims } from '../../db/schema/sims.js';
import { findSubscriberById } from '../accounts/accounts.repository.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { findOrderLines } from '../checkout/checkout.repository.js';
import { OUT_OF_STOCK, type FulfilmentLine, type FulfilmentOrder, type FulfilmentResult, type OrderFulfiller } from '../checkout/fulfilment.js';
import { appError } from '../../lib/errors.js';
import { creditBalance } from '../checkout/ledger.js';
import type { MailService } from '../mail/mail.service.js';
import { applyAddOnToSim } from './add-on-apply.js';
import type { ActionContext, ActionRow, CarrierActionService } from './carrier-actions.service.js';
import type { PlanActionDetails } from './sim-actions.service.js';
import type { SimRow } from './sims.repository.js';
import { planSpec, type SimsService } from './sims.service.js';

/**
 * What a paid order line does to SIMs (decision 120's OrderFulfiller seam; decision 163):
 * - `plan`: a new SIM or eSIM profile from inventory with the plan paid and waiting for activation
 *   (one per unit; the line id makes a retried job take the same ones). eSIMs are delivered at once
 *   (the activation code is on the SIM and in the delivery mail); physical SIMs wait for shipping.
 * - `addon`: for an existing active SIM, a carrier `add_balance` action; for a SIM not on the network
 *   yet (or one bought in the same order), the quotas are added to its paid period and go to the
 *   network with the activation; with no SIM at all, kept on the account to activate later.
 * - `renewal` (renew or extend), `plan_change`, `recovery`: a scheduled plan period and the carrier
 *   action that starts it.
 * - `top_up`: the amount on the account balance.
 * Everything is written in the fulfilment transaction, together with the line's fulfilled mark, so a
 * line is fulfilled exactly once. A paid action the network refuses for good is credited back to the
 * balance (`creditOnFailure`), once per action.
 */
export class SimFulfiller implements OrderFulfiller {
  readonly lineTypes: readonly LineType[] = ['plan', 'addon', 'renewal', 'plan_change', 'recovery', 'top_up', 'sim_refresh'];

  constructor(
    private readonly d: {
      sims: SimsService;
      actions: CarrierActionService;
      catalogue: CatalogueService;
      mail: MailService;
      publicUrl: string;
      /** ISO 4217 code of every price (config CURRENCY), for amounts in mails. */
      currency: string;
      /** Takes an eSIM profile from inventory for a SIM moving to eSIM (SimActionsService.reserveEsim). */
      reserveEsim(reference: string): Promise<string>;
      /** The carrier's reservation of a SIM for a reference (Carrier.reserve; the same reference, the same SIM). */
      reserve(kind: SimKind, reference: string): Promise<CarrierSim | undefined>;
    },
  ) {}

  /**
   * Before the line's transaction: the SIMs it takes from the carrier, by reference (decision 234).
   * A plan line's SIMs (`<line>:<unit>`), the SIM of the plan line an add-on bought with it goes on,
   * and the profile of a move to eSIM. What is reserved stays reserved for the reference, so a line
   * that finds too few takes the rest on a later try.
   */
  async prepare(order: FulfilmentOrder, line: FulfilmentLine, lines: readonly FulfilmentLine[]): Promise<Map<string, CarrierSim>> {
    void order;
    const taken = new Map<string, CarrierSim>();
    const take = async (kind: SimKind, reference: string) => {
      const sim = await this.d.reserve(kind, reference);
      if (!sim) throw appError('SERVICE_UNAVAILABLE', { message: `No ${kind === 'esim' ? 'eSIM profile' : 'SIM card'} is left in inventory`, reason: OUT_OF_STOCK });
      taken.set(reference, sim);
    };
    if (line.type === 'plan') {
      const kind = simKind(await this.plan(line.planId));
      for (let i = 0; i < line.quantity; i++) await take(kind, `${line.id}:${i}`);
    } else if (line.type === 'addon' && !line.simId) {
      const addOn = (await this.d.catalogue.snapshot()).addOns.find((a) => a.id === line.addonId);
      const planLine = addOn ? planLineForAddOn(addOn, line, lines) : undefined;
      if (planLine) await take(simKind(await this.plan(planLine.planId)), `${planLine.id}:0`);
    } else if (line.type === 'sim_refresh' && line.simId && (line.details as Partial<PlanActionDetails> | null)?.toEsim) {
      await take('esim', `source-change:${line.id}`);
    }
    return taken;
  }

  async fulfil(order: FulfilmentOrder, line: FulfilmentLine, tx: Executor, prepared?: unknown): Promise<FulfilmentResult> {
    const taken = prepared instanceof Map ? (prepared as Map<string, CarrierSim>) : new Map<string, CarrierSim>();
    switch (line.type) {
      case 'plan':
        return this.newSims(order, line, tx, taken);
      case 'addon':
        return this.addOn(order, line, tx, taken);
      case 'top_up':
        await creditBalance(tx, {
          subscriberId: order.subscriberId,
          amount: line.total,
          reason: 'top_up',
          description: `Top-up, order ${order.number}`,
          orderId: order.id,
          sourceKey: `top_up:${line.id}`,
        });
        return { status: 'done' };
      case 'renewal':
      case 'plan_change':
      case 'recovery':
        return this.planAction(order, line, tx);
      case 'sim_refresh':
        return this.refresh(order, line, tx, taken);
      default:
        return { status: 'waiting' };
    }
  }

  /** A plan line is refundable while none of its SIMs is on the network (SPEC §1). */
  async refundable(order: FulfilmentOrder, line: FulfilmentLine, tx: Executor): Promise<boolean> {
    void order;
    if (line.type !== 'plan') return !line.fulfilled;
    const made = (line.details?.simIds as string[] | undefined) ?? [];
    if (made.length === 0) return true;
    const rows = await tx.select({ status: sims.status }).from(sims).where(inArray(sims.id, made));
    return rows.every((s) => s.status === 'inactive');
  }

  private async plan(planId: string | null): Promise<Plan> {
    const plan = planId ? (await this.d.catalogue.snapshot()).plans.get(planId) : undefined;
    if (!plan) throw new Error(`order line plan ${planId ?? '(none)'} is not in the catalogue`);
    return plan;
  }

  private async newSims(order: FulfilmentOrder, line: FulfilmentLine, tx: Executor, taken: Map<string, CarrierSim>): Promise<FulfilmentResult> {
    const plan = await this.plan(line.planId);
    const subscriber = await findSubscriberById(tx, order.subscriberId);
    let physical = false;
    const made: string[] = [];
    for (let i = 0; i < line.quantity; i++) {
      const reference = `${line.id}:${i}`;
      const sim = await this.d.sims.provision(tx, {
        subscriberId: order.subscriberId,
        planId: plan.id,
        priceId: line.priceId,
        days: line.periodDays ?? undefined,
        reference,
        reserved: taken.get(reference),
      });
      made.push(sim.id);
      if (sim.kind === 'physical') {
        physical = true;
        continue;
      }
      // Mailed once: the line is marked fulfilled in this transaction, so it never runs again after commit.
      if (sim.activationCode && subscriber) {
        // The plan's name in the language the mail is written in.
        const planName = (await this.d.catalogue.snapshot(subscriber.locale)).plans.get(plan.id)?.name ?? plan.name;
        await this.d.mail.enqueue(tx, order.email, subscriber.locale, {
          kind: 'esim-ready',
          firstName: subscriber.firstName,
          planName,
          activationCode: sim.activationCode,
          ...lpaParts(sim.activationCode),
          installLink: appleInstallLink(sim.activationCode),
          link: `${this.d.publicUrl}/dashboard/sim`,
        });
      }
    }
    // Which SIMs the line made: refunds are possible only while none of them is activated.
    await tx.update(orderLines).set({ details: { ...(line.details ?? {}), simIds: made } }).where(eq(orderLines.id, line.id));
    return { status: physical ? 'waiting' : 'done' };
  }

  private async addOn(order: FulfilmentOrder, line: FulfilmentLine, tx: Executor, taken: Map<string, CarrierSim>): Promise<FulfilmentResult> {
    const addOn = (await this.d.catalogue.snapshot()).addOns.find((a) => a.id === line.addonId);
    if (!addOn) throw new Error(`order line add-on ${line.addonId ?? '(none)'} is not in the catalogue`);
    const add = { dataMb: addOn.bandwidth * line.quantity, voiceMinutes: addOn.callMinutes * line.quantity, sms: addOn.sms * line.quantity };
    let sim: SimRow | undefined;
    if (line.simId) {
      [sim] = await tx.select().from(sims).where(eq(sims.id, line.simId)).for('update').limit(1);
    } else {
      // Bought with a new plan in the same order: the first SIM of that plan's line.
      const planLine = planLineForAddOn(addOn, line, await findOrderLines(tx, [order.id]));
      if (planLine) {
        sim = await this.d.sims.provision(tx, {
          subscriberId: order.subscriberId,
          planId: planLine.planId!,
          priceId: planLine.priceId,
          days: planLine.periodDays ?? undefined,
          reference: `${planLine.id}:0`,
          reserved: taken.get(`${planLine.id}:0`),
        });
      }
    }
    if (!sim) {
      // Bought without a SIM to go on (a cart of add-ons only): kept on the account until the
      // subscriber activates it on one of their SIMs (decision 180); the line id writes it once.
      await tx
        .insert(heldAddOns)
        .values({ subscriberId: order.subscriberId, addOnId: addOn.id, orderLineId: line.id, quantity: line.quantity, ...add, amount: line.total })
        .onConflictDoNothing();
      return { status: 'done' };
    }
    const applied = await applyAddOnToSim(tx, this.d.actions, sim, { addOnId: addOn.id, add, charge: { orderLineId: line.id, amount: line.total } });
    if (applied !== 'not_active') return { status: 'done' };
    // The SIM left the network between quote and payment: the money goes to the balance, said plainly.
    await this.creditLine(tx, order.subscriberId, line.id, line.total, sim.id, 'The add-on could not be applied because the SIM is no longer active.');
    return { status: 'done' };
  }

  private async planAction(order: FulfilmentOrder, line: FulfilmentLine, tx: Executor): Promise<FulfilmentResult> {
    const plan = await this.plan(line.planId);
    const [sim] = line.simId ? await tx.select().from(sims).where(eq(sims.id, line.simId)).for('update').limit(1) : [];
    if (!sim) throw new Error(`line ${line.id}: its SIM is gone`);
    const details = (line.details ?? {}) as Partial<PlanActionDetails>;
    const action = line.type === 'plan_change' ? 'change_plan' : line.type === 'recovery' ? 'recover' : (details.action ?? 'renew');
    const days = line.periodDays ?? plan.validityDays;
    const [period] = await tx
      .insert(simPlanPeriods)
      .values({
        simId: sim.id,
        planId: plan.id,
        priceId: line.priceId,
        source: action === 'change_plan' ? 'change' : action === 'recover' ? 'recover' : action === 'extend' ? 'extend' : 'renew',
        days,
        dataMb: plan.dataMb,
        voiceMinutes: plan.voiceMinutes,
        sms: plan.sms,
      })
      .returning();
    const spec = planSpec(plan, days);
    // Extend = a fresh period now on the same plan, which the network does as a plan change.
    const request: CarrierRequest =
      action === 'renew'
        ? { type: 'renew', iccid: sim.iccid, plan: spec }
        : action === 'recover'
          ? { type: 'recover', iccid: sim.iccid, plan: spec, ...(details.newIccid ? { newIccid: details.newIccid } : {}) }
          : { type: 'change_plan', iccid: sim.iccid, plan: spec };
    await this.d.actions.record(tx, {
      simId: sim.id,
      subscriberId: sim.subscriberId ?? order.subscriberId,
      request,
      context: { periodId: period!.id, planId: plan.id, paid: true, charge: { orderLineId: line.id, amount: line.total } },
    });
    return { status: 'done' };
  }

  /** A paid refresh: the carrier action, with the charge to credit back should the network refuse it. */
  private async refresh(order: FulfilmentOrder, line: FulfilmentLine, tx: Executor, taken: Map<string, CarrierSim>): Promise<FulfilmentResult> {
    const [sim] = line.simId ? await tx.select().from(sims).where(eq(sims.id, line.simId)).for('update').limit(1) : [];
    if (!sim) throw new Error(`line ${line.id}: its SIM is gone`);
    const details = (line.details ?? {}) as Partial<PlanActionDetails>;
    // Moving to eSIM: a profile from inventory, the same one if this line is fulfilled again.
    const newIccid = details.toEsim ? (taken.get(`source-change:${line.id}`)?.iccid ?? (await this.d.reserveEsim(`source-change:${line.id}`))) : details.newIccid;
    await this.d.actions.record(tx, {
      simId: sim.id,
      subscriberId: sim.subscriberId ?? order.subscriberId,
      request: { type: 'refresh', iccid: sim.iccid, ...(newIccid ? { newIccid } : {}) },
      context: { paid: true, charge: { orderLineId: line.id, amount: line.total } },
    });
    return { status: 'done' };
  }

  /**
   * After the network issued a new eSIM profile for a number (a reissue, or a physical SIM moved to
   * eSIM): the owner is mailed the same install content as the delivery mail, in the transaction
   * that applied the outcome, so once. The code goes in the mail body (and Apple's install link), never
   * in a link of ours or a log line.
   */
  async mailNewProfile(tx: Executor, action: ActionRow, result: OutcomeResult): Promise<void> {
    if (action.type !== 'refresh' || !result.activationCode || !action.simId) return;
    const [sim] = await tx.select().from(sims).where(eq(sims.id, action.simId)).limit(1);
    if (!sim?.subscriberId) return;
    const subscriber = await findSubscriberById(tx, sim.subscriberId);
    if (!subscriber || subscriber.deletedAt) return;
    const request = action.request as Extract<CarrierRequest, { type: 'refresh' }>;
    await this.d.mail.enqueue(tx, subscriber.email, subscriber.locale, {
      kind: 'esim-reissued',
      firstName: subscriber.firstName,
      number: sim.mdn ?? '',
      reason: request.newIccid ? 'to_esim' : 'reissue',
      activationCode: result.activationCode,
      ...lpaParts(result.activationCode),
      installLink: appleInstallLink(result.activationCode),
      link: `${this.d.publicUrl}/dashboard/sim/${sim.id}`,
    });
  }

  private async creditLine(tx: Executor, subscriberId: string, lineId: string, amount: number, simId: string, why: string): Promise<string> {
    await creditBalance(tx, { subscriberId, amount, reason: 'refund', description: why, sourceKey: `sim-credit:${lineId}` });
    const note = `${why} The ${(amount / 100).toFixed(2)} you paid is on your account balance.`;
    await tx.update(sims).set({ problem: 'CARRIER_ACTION_FAILED', problemNote: note }).where(eq(sims.id, simId));
    return note;
  }

  /**
   * Failure listener for carrier actions: a paid renewal, change, recovery or add-on that failed for
   * good is credited to the balance (once per action) and the subscriber is mailed. A failed
   * activation keeps the plan paid (it can be tried again), which is what its note says.
   */
  async creditOnFailure(tx: Executor, action: ActionRow): Promise<string | null> {
    const ctx = action.context as ActionContext;
    if (!ctx.paid || !action.subscriberId) return null;
    let note: string;
    let outcome: 'kept' | 'free' | 'refunded';
    if (action.type === 'activate') {
      outcome = 'kept';
      note = 'Your plan stays paid: you can try the activation again, or contact customer support and we will finish it for you.';
    } else if (ctx.charge && ctx.charge.amount === 0) {
      outcome = 'free';
      note = 'The network could not make this change. It was free, so nothing was charged.';
    } else if (ctx.charge) {
      await creditBalance(tx, {
        subscriberId: action.subscriberId,
        amount: ctx.charge.amount,
        reason: 'refund',
        description: 'A paid SIM change the network could not make',
        sourceKey: `carrier-failed:${action.id}`,
      });
      outcome = 'refunded';
      note = `The network could not make this change. The ${(ctx.charge.amount / 100).toFixed(2)} you paid is on your account balance.`;
    } else {
      return null;
    }
    const subscriber = await findSubscriberById(tx, action.subscriberId);
    const [sim] = action.simId ? await tx.select({ mdn: sims.mdn, iccid: sims.iccid }).from(sims).where(eq(sims.id, action.simId)).limit(1) : [];
    if (subscriber && !subscriber.deletedAt) {
      await this.d.mail.enqueue(tx, subscriber.email, subscriber.locale, {
        kind: 'sim-action-failed',
        firstName: subscriber.firstName,
        number: sim?.mdn ?? sim?.iccid ?? '',
        // The outcome, not the English note: the mail words it in the subscriber's language.
        outcome,
        ...(outcome === 'refunded' && ctx.charge ? { amount: ctx.charge.amount, currency: this.d.currency } : {}),
        link: `${this.d.publicUrl}/dashboard/sim`,
      });
    }
    return note;
  }
}

/** The SM-DP+ address and matching id of an LPA string. */
function lpaParts(activationCode: string): { smdpAddress: string; matchingId: string } {
  const [, smdpAddress = '', matchingId = ''] = /^LPA:1\$([^$]+)\$(.+)$/.exec(activationCode) ?? [];
  return { smdpAddress, matchingId };
}

/** Apple's eSIM setup universal link (iOS 17.4+) carrying the LPA string. */
export function appleInstallLink(activationCode: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`;
}

const simKind = (plan: Plan): SimKind => (plan.simSource.type.startsWith('sim_') ? 'physical' : 'esim');

/**
 * The plan line whose first SIM an add-on bought in the same order goes on. A cart add-on need not
 * name its plan (added from the add-ons list): then the first plan line whose plan allows it, or
 * else the order's first plan line.
 */
function planLineForAddOn<L extends { type: string; planId: string | null }>(addOn: { allowedForPlans: readonly string[] }, line: { planId: string | null }, lines: readonly L[]): L | undefined {
  const planLines = lines.filter((l) => l.type === 'plan' && l.planId);
  return (line.planId ? planLines.find((l) => l.planId === line.planId) : undefined) ?? planLines.find((l) => addOn.allowedForPlans.includes(l.planId!)) ?? planLines[0];
}
