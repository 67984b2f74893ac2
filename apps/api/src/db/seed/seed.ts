import { loadCatalogueTranslations } from '../../modules/catalogue/catalogue-translations.js';
import type { Db } from '../client.js';
import { seedCatalogue } from './catalogue-seed.js';
import { seedSims } from './sims-seed.js';

/**
 * Demo data the product starts with (SEED_DEMO_DATA, on by default). Idempotent and atomic: every
 * part inserts by natural key with ON CONFLICT DO NOTHING inside one transaction, so a second run
 * changes nothing and a failed run leaves nothing half-written. The server calls this under the
 * startup advisory lock, so instances booting together do not race.
 */
export async function seedDemoData(db: Db, log: (message: string) => void): Promise<void> {
  const counts = await db.transaction(async (tx) => {
    const catalogue = await seedCatalogue(tx);
    // Texts in other languages for the rows just seeded (and for any language file added since the
    // last start); texts already stored are left as they are (decision 210).
    const languages = await loadCatalogueTranslations(tx, 'missing');
    const translations = languages.reduce((n, l) => n + l.categories + l.plans + l.addOns, 0);
    return { catalogue: { ...catalogue, translations } };
  });
  const added = Object.entries(counts.catalogue)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${n} ${table}`);
  // After the catalogue (the demo SIMs' plans), in a transaction of its own.
  const demoSims = await db.transaction((tx) => seedSims(tx));
  const simsNote =
    demoSims.inventory || demoSims.sims ? `; demo SIMs: ${demoSims.inventory} in inventory, ${demoSims.sims} for the demo subscriber` : '';
  log((added.length > 0 ? `demo catalogue seeded: ${added.join(', ')}` : 'demo catalogue already present') + simsNote);
}
