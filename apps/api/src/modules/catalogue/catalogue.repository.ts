import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  addOnPlans,
  addOns,
  internationalRates,
  planCategories,
  planPricing,
  plans,
  resellers,
  shippingRates,
} from '../../db/schema/catalogue.js';

/** Queries only: what the catalogue tables hold, in display order. Rules live in the services. */

export type CategoryRow = typeof planCategories.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PriceRow = typeof planPricing.$inferSelect;
export type AddOnRow = typeof addOns.$inferSelect;
export type AddOnPlanRow = typeof addOnPlans.$inferSelect;
export type RateRow = typeof internationalRates.$inferSelect;
export type ShippingRow = typeof shippingRates.$inferSelect;

export interface CatalogueRows {
  categories: CategoryRow[];
  plans: PlanRow[];
  prices: PriceRow[];
  addOns: AddOnRow[];
  addOnPlans: AddOnPlanRow[];
  rates: RateRow[];
  shipping: ShippingRow[];
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
      const rates = await tx.select().from(internationalRates);
      const shipping = await tx
        .select()
        .from(shippingRates)
        // Home market first, then by country, each country's options in their own order.
        .orderBy(desc(sql`${shippingRates.country} = 'US'`), asc(shippingRates.country), asc(shippingRates.sortOrder));
      return { categories, plans: planRows, prices, addOns: addOnRows, addOnPlans: links, rates, shipping };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export async function findResellerByCode(db: Db, code: string): Promise<{ code: string; isActive: boolean } | undefined> {
  const [row] = await db
    .select({ code: resellers.code, isActive: resellers.isActive })
    .from(resellers)
    .where(eq(resellers.code, code))
    .limit(1);
  return row;
}
