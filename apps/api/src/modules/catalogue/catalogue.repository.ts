import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import {
  addOnPlans,
  addOnTranslations,
  addOns,
  planCategories,
  planCategoryTranslations,
  planPricing,
  planTranslations,
  plans,
} from '../../db/schema/catalogue.js';
import type { TextRow, TranslatableRows, TranslationRows } from './catalogue-texts.js';

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
  /** Every stored translation (decision 210). */
  texts: TranslationRows;
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
      const texts = {
        categories: await tx
          .select({ id: planCategoryTranslations.categoryId, locale: planCategoryTranslations.locale, name: planCategoryTranslations.name, description: planCategoryTranslations.description })
          .from(planCategoryTranslations),
        plans: await tx
          .select({ id: planTranslations.planId, locale: planTranslations.locale, name: planTranslations.name, description: planTranslations.description })
          .from(planTranslations),
        addOns: await tx
          .select({ id: addOnTranslations.addOnId, locale: addOnTranslations.locale, name: addOnTranslations.name, description: addOnTranslations.description })
          .from(addOnTranslations),
      };
      return { categories, plans: planRows, prices, addOns: addOnRows, addOnPlans: links, texts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The natural keys translation files address the catalogue by. */
export async function loadTranslatableRows(exec: Executor): Promise<TranslatableRows> {
  return {
    categories: await exec.select({ id: planCategories.id, slug: planCategories.slug }).from(planCategories),
    plans: await exec.select({ id: plans.id, code: plans.code }).from(plans),
    addOns: await exec.select({ id: addOns.id, code: addOns.code }).from(addOns),
  };
}

export interface WrittenTranslations {
  categories: number;
  plans: number;
  addOns: number;
}

/**
 * Stores translations. `missing` adds rows for entity/language pairs that have none and leaves the
 * rest alone (the start-up seed: a text someone changed in the database stays); `overwrite` also
 * replaces texts that differ (the ops reload after a translation file changed). Returns the rows
 * added or changed per table.
 */
export async function writeTranslations(exec: Executor, rows: TranslationRows, mode: 'missing' | 'overwrite'): Promise<WrittenTranslations> {
  const tables = [
    ['categories', planCategoryTranslations, planCategoryTranslations.categoryId, 'categoryId'],
    ['plans', planTranslations, planTranslations.planId, 'planId'],
    ['addOns', addOnTranslations, addOnTranslations.addOnId, 'addOnId'],
  ] as const;
  const out: WrittenTranslations = { categories: 0, plans: 0, addOns: 0 };
  for (const [part, table, idColumn, idField] of tables) {
    const list: readonly TextRow[] = rows[part];
    // Bounded statements: 38 languages of a large catalogue stay far below PostgreSQL's parameter limit.
    for (let i = 0; i < list.length; i += 1000) {
      const values = list.slice(i, i + 1000).map((r) => ({ [idField]: r.id, locale: r.locale, name: r.name, description: r.description }));
      const insert = exec.insert(table).values(values as never);
      const done =
        mode === 'missing'
          ? insert.onConflictDoNothing()
          : insert.onConflictDoUpdate({
              target: [idColumn, table.locale],
              set: { name: sql`excluded.name`, description: sql`excluded.description`, updatedAt: sql`now()` },
              setWhere: sql`(${table.name}, ${table.description}) is distinct from (excluded.name, excluded.description)`,
            });
      out[part] += (await done.returning({ locale: table.locale })).length;
    }
  }
  return out;
}
