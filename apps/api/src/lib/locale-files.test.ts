import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@app/shared/rules/locales';
import { checkCatalogue } from '../../../../scripts/i18n-rules.mjs';
import { catalogueTextsDir } from '../modules/catalogue/catalogue-texts.js';
import { mailCataloguesDir } from '../modules/mail/mail-templates.js';

/**
 * The server's per-language files against English, with the rules translators check with
 * (scripts/i18n-rules.mjs): the mail catalogues (apps/api/locales/mail) and the catalogue data
 * (apps/api/locales/catalogue: category, plan, variant and add-on texts). Every file present is
 * checked, offered or not, because the server picks up any file it finds (a mail goes out in the
 * account's language whenever its file is here; the seed loads every data file), and every offered
 * language must have both. The interface catalogues are checked by apps/web/src/locales/locales.test.ts.
 */

const kinds = [
  { kind: 'mail', dir: mailCataloguesDir },
  { kind: 'catalogue data', dir: catalogueTextsDir },
];

function load(dir: string, code: string): Record<string, unknown> {
  const value: unknown = JSON.parse(readFileSync(path.join(dir, `${code}.json`), 'utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${code}.json is not an object of messages`);
  return value as Record<string, unknown>;
}

describe.each(kinds)('$kind files', ({ dir }) => {
  const en = load(dir, 'en') as Record<string, string>;
  const present = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));

  it('English is complete by its own rules (parses, plural categories of en)', () => {
    expect(checkCatalogue('en', en, en).errors).toEqual([]);
  });

  it('every offered language has a file', () => {
    const missing = SUPPORTED_LOCALES.map((l) => l.code).filter((code) => !existsSync(path.join(dir, `${code}.json`)));
    expect(missing).toEqual([]);
  });

  it.each(present.filter((c) => c !== 'en'))('%s.json has every English key and no other, and the same ICU placeholders', (code) => {
    expect(checkCatalogue(code, en, load(dir, code)).errors).toEqual([]);
  });
});
