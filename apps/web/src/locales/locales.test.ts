import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, SUPPORTED_LOCALES } from '@app/shared/rules/locales';
import { checkCatalogue } from '../../../../scripts/i18n-rules.mjs';

/**
 * The interface catalogues (this folder) against English, with the rules translators check with
 * (scripts/i18n-rules.mjs): every English key and no other, messages that parse as ICU, the same
 * arguments, tags and select options, and exactly the plural categories the language needs. Every
 * file here is checked, offered or not (a file in the folder is bundled as a loadable chunk), and every
 * offered language must have one. The mail and catalogue-data files are checked the same way by
 * apps/api/src/lib/locale-files.test.ts.
 */

const dir = path.dirname(new URL(import.meta.url).pathname);

function load(code: string): Record<string, unknown> {
  const value: unknown = JSON.parse(readFileSync(path.join(dir, `${code}.json`), 'utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${code}.json is not an object of messages`);
  return value as Record<string, unknown>;
}

const en = load('en') as Record<string, string>;
const present = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

describe('interface catalogues', () => {
  it('English is complete by its own rules (parses, plural categories of en)', () => {
    expect(checkCatalogue('en', en, en).errors).toEqual([]);
  });

  it('every offered language has a catalogue', () => {
    const missing = SUPPORTED_LOCALES.map((l) => l.code).filter((code) => !existsSync(path.join(dir, `${code}.json`)));
    expect(missing).toEqual([]);
  });

  it('are named by a code of the language list (a "cn.json" or "pt-PT.json" would never be offered)', () => {
    const codes = new Set<string>(LANGUAGES.map((l) => l.code));
    expect(present.filter((code) => !codes.has(code))).toEqual([]);
  });

  it.each(present.filter((c) => c !== 'en'))('%s.json has every English key and no other, and the same ICU placeholders', (code) => {
    expect(checkCatalogue(code, en, load(code)).errors).toEqual([]);
  });
});
