import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The catalogue's texts in other languages, as translators deliver them: one file per language in
 * apps/api/locales/catalogue/<code>.json, keyed by the entities' natural keys (decision 210):
 *
 *   category.<slug>.name|description
 *   plan.<template>.name|description     template = the plan code without its -sim/-esim variant
 *   plan.<code>.name|description         (optional) one plan on its own, wins over the template
 *   variant.sim|esim.suffix|sentence      appended to a template's name and description
 *   addon.<code>.name|description
 *
 * A plan's text is composed exactly as the English seed composes it (`<name> <suffix>`,
 * `<description> <sentence>`), so a translation reads like the English original. en.json is the
 * translators' source; the English texts served are the entity rows themselves.
 */

export const catalogueTextsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales/catalogue');

export type CatalogueTexts = Readonly<Record<string, string>>;

/** Tags the translation tables accept (their CHECK constraint): `es`, `zh`, `pt-BR`, never `en`. */
const LOCALE_FILE = /^[a-z]{2,3}(-[A-Z][A-Za-z0-9]{1,7})?$/;

/** Every language file of the folder but English, by language tag. */
export function loadCatalogueTexts(dir = catalogueTextsDir): Map<string, CatalogueTexts> {
  const out = new Map<string, CatalogueTexts>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const locale = file.slice(0, -5);
    if (locale === 'en') continue;
    if (!LOCALE_FILE.test(locale)) throw new Error(`${path.join(dir, file)}: the file name must be a language tag such as es.json or pt-BR.json`);
    const value: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${path.join(dir, file)} is not an object of texts`);
    out.set(locale, value as CatalogueTexts);
  }
  return out;
}

/** The natural keys of the catalogue rows to translate. */
export interface TranslatableRows {
  categories: readonly { id: string; slug: string }[];
  plans: readonly { id: string; code: string }[];
  addOns: readonly { id: string; code: string }[];
}

/** One entity's texts in one language; a null field reads in English. */
export interface TextRow {
  id: string;
  locale: string;
  name: string | null;
  description: string | null;
}

export interface TranslationRows {
  categories: TextRow[];
  plans: TextRow[];
  addOns: TextRow[];
}

function text(texts: CatalogueTexts, key: string): string | null {
  const v = texts[key];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** Both parts or nothing: half a composed text would read half in English. */
function joined(a: string | null, b: string | null): string | null {
  return a && b ? `${a} ${b}` : null;
}

function planTexts(texts: CatalogueTexts, code: string): { name: string | null; description: string | null } {
  const own = { name: text(texts, `plan.${code}.name`), description: text(texts, `plan.${code}.description`) };
  const m = /^(.+)-(sim|esim)$/.exec(code);
  if (!m) return own;
  const [, template, variant] = m;
  return {
    name: own.name ?? joined(text(texts, `plan.${template}.name`), text(texts, `variant.${variant}.suffix`)),
    description: own.description ?? joined(text(texts, `plan.${template}.description`), text(texts, `variant.${variant}.sentence`)),
  };
}

/** The rows one language file gives the catalogue as it is (entities the file does not name get none). */
export function translationRows(locale: string, texts: CatalogueTexts, rows: TranslatableRows): TranslationRows {
  const keep = (r: TextRow) => r.name !== null || r.description !== null;
  return {
    categories: rows.categories
      .map((c) => ({ id: c.id, locale, name: text(texts, `category.${c.slug}.name`), description: text(texts, `category.${c.slug}.description`) }))
      .filter(keep),
    plans: rows.plans.map((p) => ({ id: p.id, locale, ...planTexts(texts, p.code) })).filter(keep),
    addOns: rows.addOns
      .map((a) => ({ id: a.id, locale, name: text(texts, `addon.${a.code}.name`), description: text(texts, `addon.${a.code}.description`) }))
      .filter(keep),
  };
}
