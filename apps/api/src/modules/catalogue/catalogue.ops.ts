import type { OpsCommand } from '../../ops/commands.js';
import { parseOptions } from '../../ops/commands.js';
import { loadCatalogueTranslations } from './catalogue-translations.js';

/**
 * `npm run ops -- catalogue translations [--locale es,fr] [--dir folder]`: stores the catalogue
 * translation files' texts again, replacing what differs (the start-up seed only adds what is
 * missing). Run it after a translator's corrected file is deployed.
 */
export const catalogueTranslationsCommand: OpsCommand = {
  name: 'catalogue translations',
  usage: '[--locale es,fr] [--dir folder]  reload category, plan and add-on texts from apps/api/locales/catalogue/<code>.json (all files by default)',
  async run(container, args, out) {
    const { options } = parseOptions(args);
    const { locale, dir } = options;
    if (locale === true) throw new Error('--locale needs a value, e.g. --locale es,fr');
    if (dir === true) throw new Error('--dir needs a folder');
    const locales = locale?.split(',').map((l) => l.trim()).filter(Boolean);
    const loaded = await container.db.transaction((tx) =>
      loadCatalogueTranslations(tx, 'overwrite', { ...(locales ? { locales } : {}), ...(dir ? { dir } : {}) }),
    );
    out.table(loaded.map((l) => ({ language: l.locale, categories: l.categories, plans: l.plans, 'add-ons': l.addOns })));
    out.line(`${loaded.length} language(s) loaded; rows added or changed are counted above. Running servers pick the texts up within 30 s.`);
  },
};
