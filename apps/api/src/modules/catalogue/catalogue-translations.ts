import type { Executor } from '../../db/executor.js';
import { loadTranslatableRows, writeTranslations, type WrittenTranslations } from './catalogue.repository.js';
import { catalogueTextsDir, loadCatalogueTexts, translationRows } from './catalogue-texts.js';

export interface LoadedLanguage extends WrittenTranslations {
  locale: string;
}

/**
 * Stores the translation files' texts (apps/api/locales/catalogue/<code>.json) for the catalogue
 * rows they name (decision 210): every language file found, or only `locales`. `missing` is what
 * the start-up seed does (adds what is not there yet, so a new language file is picked up by the
 * next start); `overwrite` is the ops reload after a file changed. Servers see the change within
 * the catalogue snapshot's TTL.
 */
export async function loadCatalogueTranslations(
  exec: Executor,
  mode: 'missing' | 'overwrite',
  options: { dir?: string; locales?: readonly string[] } = {},
): Promise<LoadedLanguage[]> {
  const files = loadCatalogueTexts(options.dir ?? catalogueTextsDir);
  const wanted = options.locales ?? [...files.keys()];
  const unknown = wanted.filter((l) => !files.has(l));
  if (unknown.length) throw new Error(`no catalogue translation file for ${unknown.join(', ')} (have: ${[...files.keys()].join(', ') || 'none'})`);
  const rows = await loadTranslatableRows(exec);
  const out: LoadedLanguage[] = [];
  for (const locale of wanted) {
    const written = await writeTranslations(exec, translationRows(locale, files.get(locale)!, rows), mode);
    out.push({ locale, ...written });
  }
  return out;
}
