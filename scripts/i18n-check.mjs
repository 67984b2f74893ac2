#!/usr/bin/env node
// Checks one language's catalogues against English: the interface (apps/web/src/locales), the mail
// (apps/api/locales/mail) and the catalogue data (apps/api/locales/catalogue).
//
//   node scripts/i18n-check.mjs de                       the repository's de files
//   node scripts/i18n-check.mjs de --dir /some/folder    web.json, mail.json, catalogue.json there
//
// Errors: a missing or extra key, a message that does not parse as ICU, an argument, tag or select
// option added or dropped, a plural category the language does not have or lacks one it has.
// Warnings: messages left identical to English (often fine for codes and brand names; look at them).
// Exit code 1 when there is an error. src/locales/locales.test.ts runs the same checks in npm test.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCatalogue } from './i18n-rules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const lang = args.find((a) => !a.startsWith('--'));
const dirFlag = args.indexOf('--dir');
const dir = dirFlag >= 0 ? args[dirFlag + 1] : undefined;
if (!lang) {
  console.error('usage: node scripts/i18n-check.mjs <lang> [--dir folder]');
  process.exit(2);
}

const kinds = [
  { kind: 'web', en: 'apps/web/src/locales/en.json', ours: `apps/web/src/locales/${lang}.json` },
  { kind: 'mail', en: 'apps/api/locales/mail/en.json', ours: `apps/api/locales/mail/${lang}.json` },
  { kind: 'catalogue', en: 'apps/api/locales/catalogue/en.json', ours: `apps/api/locales/catalogue/${lang}.json` },
];

let errors = 0;
for (const k of kinds) {
  const file = dir ? path.join(dir, `${k.kind}.json`) : path.join(root, k.ours);
  if (!existsSync(file)) {
    console.log(`${k.kind}: ${file} does not exist yet`);
    errors++;
    continue;
  }
  let messages;
  try {
    messages = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.log(`${k.kind}: ${file} is not valid JSON: ${e.message}`);
    errors++;
    continue;
  }
  const en = JSON.parse(readFileSync(path.join(root, k.en), 'utf8'));
  const result = checkCatalogue(lang, en, messages);
  errors += result.errors.length;
  console.log(`${k.kind}: ${Object.keys(messages).length}/${Object.keys(en).length} keys, ${result.errors.length} errors, ${result.sameAsEnglish.length} identical to English`);
  for (const e of result.errors.slice(0, 200)) console.log(`  ERROR ${e}`);
  if (result.errors.length > 200) console.log(`  … and ${result.errors.length - 200} more errors`);
  if (args.includes('--same')) for (const s of result.sameAsEnglish) console.log(`  same as English: ${s}`);
}
process.exit(errors ? 1 : 0);
