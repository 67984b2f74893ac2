import { and, desc, eq } from 'drizzle-orm';
import type { HeldAddOn, Sim } from '@app/shared/contracts/sims';
import type { Db } from '../../db/client.js';
import { heldAddOns } from '../../db/schema/sims.js';
import { appError } from '../../lib/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { applyAddOnToSim } from './add-on-apply.js';
import type { CarrierActionService } from './carrier-actions.service.js';
import { findOwnedSim } from './sims.repository.js';
import type { SimsService } from './sims.service.js';

type HeldRow = typeof heldAddOns.$inferSelect;

/**
 * Add-ons kept on the account because they were bought without a SIM to go on (decision 180), and
 * their activation (spec §7 Add-ons "POST activate") on one of the subscriber's SIMs: the same
 * application as a paid add-on for a SIM (add_balance on an active SIM, folded into the waiting plan
 * of one not activated yet), in one transaction with both rows locked, once.
 */
export class HeldAddOnsService {
  constructor(
    private readonly d: { db: Db; catalogue: CatalogueService; actions: CarrierActionService; sims: SimsService },
  ) {}

  private async view(rows: HeldRow[], locale?: string): Promise<HeldAddOn[]> {
    const addOns = (await this.d.catalogue.snapshot(locale)).addOns;
    return rows.map((r) => {
      const a = addOns.find((x) => x.id === r.addOnId);
      return {
        id: r.id,
        addOnId: r.addOnId,
        name: a?.name ?? '',
        quantity: r.quantity,
        dataMb: r.dataMb,
        voiceMinutes: r.voiceMinutes,
        sms: r.sms,
        allowedForPlans: a?.allowedForPlans ?? [],
        status: r.status,
        simId: r.simId,
        activatedAt: r.activatedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  async list(subscriberId: string, locale?: string): Promise<HeldAddOn[]> {
    const rows = await this.d.db.select().from(heldAddOns).where(eq(heldAddOns.subscriberId, subscriberId)).orderBy(desc(heldAddOns.createdAt)).limit(200);
    return this.view(rows, locale);
  }

  async activate(subscriberId: string, heldId: string, simId: string, locale?: string): Promise<{ addOn: HeldAddOn; sim: Sim }> {
    const row = await this.d.db.transaction(async (tx) => {
      const [held] = await tx
        .select()
        .from(heldAddOns)
        .where(and(eq(heldAddOns.id, heldId), eq(heldAddOns.subscriberId, subscriberId)))
        .for('update')
        .limit(1);
      if (!held) throw appError('ADDON_NOT_FOUND');
      if (held.status === 'activated') {
        // A repeat of the same activation answers as the first did; another SIM is refused.
        if (held.simId === simId) return held;
        throw appError('ADDON_ALREADY_ACTIVATED');
      }
      const sim = await findOwnedSim(tx, subscriberId, simId, true);
      if (!sim) throw appError('SIM_NOT_FOUND');
      const addOn = (await this.d.catalogue.snapshot()).addOns.find((a) => a.id === held.addOnId);
      if (!sim.planId || !addOn?.allowedForPlans.includes(sim.planId)) {
        throw appError('ADDON_NOT_FOR_THIS_PLAN', { errors: [{ field: 'simId', message: 'This add-on cannot be used with the plan of the chosen SIM.' }] });
      }
      const applied = await applyAddOnToSim(tx, this.d.actions, sim, {
        addOnId: held.addOnId,
        add: { dataMb: held.dataMb, voiceMinutes: held.voiceMinutes, sms: held.sms },
        charge: { orderLineId: held.orderLineId, amount: held.amount },
      });
      if (applied === 'not_active') throw appError('SIM_NOT_ACTIVE');
      const [updated] = await tx
        .update(heldAddOns)
        .set({ status: 'activated', simId: sim.id, activatedAt: new Date() })
        .where(eq(heldAddOns.id, held.id))
        .returning();
      return updated!;
    });
    return { addOn: (await this.view([row], locale))[0]!, sim: await this.d.sims.get(subscriberId, simId, locale) };
  }
}
