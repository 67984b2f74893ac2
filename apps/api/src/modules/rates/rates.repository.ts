import { asc, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { internationalRates, shippingRates } from '../../db/schema/catalogue.js';

export type RateRow = typeof internationalRates.$inferSelect;
export type ShippingRow = typeof shippingRates.$inferSelect;

/** International call rates and shipping options, read together in one consistent snapshot. */
export async function loadRateRows(db: Db): Promise<{ rates: RateRow[]; shipping: ShippingRow[] }> {
  return db.transaction(
    async (tx) => {
      const rates = await tx.select().from(internationalRates);
      const shipping = await tx
        .select()
        .from(shippingRates)
        // Home market first, then by country, each country's options in their own order.
        .orderBy(desc(sql`${shippingRates.country} = 'US'`), asc(shippingRates.country), asc(shippingRates.sortOrder));
      return { rates, shipping };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
