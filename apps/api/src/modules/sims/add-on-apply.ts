import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { simAddOns, simPlanPeriods } from '../../db/schema/sims.js';
import type { CarrierActionService } from './carrier-actions.service.js';
import { scheduledPeriod, type SimRow } from './sims.repository.js';

export interface AddOnAmounts {
  dataMb: number;
  voiceMinutes: number;
  sms: number;
}

/**
 * Puts paid add-on quotas on a SIM, in the caller's transaction with the SIM row locked: on a SIM on
 * the network, an add-on row and the durable `add_balance` carrier action (its charge is credited
 * back should the network refuse it for good); on one paid but not activated yet, the quotas are
 * folded into its waiting plan period and travel with the activation (unlimited stays unlimited).
 * Anything else cannot take it ('not_active'); the caller decides what happens to the money.
 */
export async function applyAddOnToSim(
  tx: Executor,
  actions: CarrierActionService,
  sim: SimRow,
  a: { addOnId: string; add: AddOnAmounts; charge: { orderLineId: string; amount: number } },
): Promise<'applied' | 'with_activation' | 'not_active'> {
  if (sim.status === 'active') {
    const [row] = await tx.insert(simAddOns).values({ simId: sim.id, addOnId: a.addOnId, ...a.add, status: 'pending' }).returning();
    const action = await actions.record(tx, {
      simId: sim.id,
      subscriberId: sim.subscriberId,
      request: { type: 'add_balance', iccid: sim.iccid, add: a.add },
      context: { addOnRowId: row!.id, paid: true, charge: a.charge },
    });
    await tx.update(simAddOns).set({ actionId: action.id }).where(eq(simAddOns.id, row!.id));
    return 'applied';
  }
  const period = await scheduledPeriod(tx, sim.id);
  if (period && (sim.status === 'inactive' || sim.status === 'pending')) {
    await tx
      .update(simPlanPeriods)
      .set({
        dataMb: sql`case when ${simPlanPeriods.dataMb} is null then null else ${simPlanPeriods.dataMb} + ${a.add.dataMb} end`,
        voiceMinutes: sql`case when ${simPlanPeriods.voiceMinutes} is null then null else ${simPlanPeriods.voiceMinutes} + ${a.add.voiceMinutes} end`,
        sms: sql`case when ${simPlanPeriods.sms} is null then null else ${simPlanPeriods.sms} + ${a.add.sms} end`,
      })
      .where(eq(simPlanPeriods.id, period.id));
    return 'with_activation';
  }
  return 'not_active';
}
