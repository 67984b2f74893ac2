import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  addOnPlans,
  addOns,
  planCategories,
  planPricing,
  plans,
} from '../../db/schema/catalogue.js';

/** Queries only: what the catalogue tables hold, in display order. Rules live in the services. */

export type CategoryRow = typeof planCategories.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PriceRow = typeof planPricing.$inferSelect;
export type AddOnRow = typeof addOns.$inferSelect;
export type AddOnPlanRow = typeof addOnPlans.$inferSelect;

export interface CatalogueRows {
  categories: CategoryRow[];
  plans: PlanRow[];
  prices: PriceRow[];
  addOns: AddOnRow[];
  addOnPlans: AddOnPlanRow[];
}

/**
 * The whole catalogue in one read-only, repeatable-read transaction, so prices never refer to a plan
 * the same load did not see. A few hundred rows: cheaper than any per-request query.
 */
export async function loadCatalogueRows(db: Db): Promise<CatalogueRows> {
  return db.transaction(
    async (tx) => {
      const categories = await tx.select().from(planCategories).orderBy(asc(planCategories.sortOrder), asc(planCategories.name));
      const planRows = await tx.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.name));
      const prices = await tx.select().from(planPricing).orderBy(asc(planPricing.periodDays), asc(planPricing.price));
      const addOnRows = await tx.select().from(addOns).orderBy(asc(addOns.sortOrder), asc(addOns.name));
      const links = await tx.select().from(addOnPlans);
      return { categories, plans: planRows, prices, addOns: addOnRows, addOnPlans: links };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
