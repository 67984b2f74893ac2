#!/usr/bin/env node
// What a language still needs: the English messages its catalogues lack (interface, mail, catalogue
// data), and optionally those whose English changed since an older English copy was translated.
//
//   node scripts/i18n-delta.mjs de                         missing keys of the repository's de files
//   node scripts/i18n-delta.mjs de --dir /x/de --since /y  files in /x/de/{web,mail,catalogue}.json;
//                                                          /y/{web,mail,catalogue}.json the English
//                                                          they were translated from
// Prints JSON { web: {key: english}, mail: {...}, catalogue: {...}, stale: [kind:key, ...] }.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const lang = args.find((a, i) => !a.startsWith('--') && !['--dir', '--since'].includes(args[i - 1]));
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const dir = opt('--dir');
const since = opt('--since');
const kinds = {
  web: ['apps/web/src/locales/en.json', `apps/web/src/locales/${lang}.json`],
  mail: ['apps/api/locales/mail/en.json', `apps/api/locales/mail/${lang}.json`],
  catalogue: ['apps/api/locales/catalogue/en.json', `apps/api/locales/catalogue/${lang}.json`],
};
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
const out = { stale: [] };
for (const [kind, [enFile, ownFile]] of Object.entries(kinds)) {
  const en = read(path.join(root, enFile));
  const own = read(dir ? path.join(dir, `${kind}.json`) : path.join(root, ownFile));
  const old = since ? read(path.join(since, `${kind}.json`)) : {};
  out[kind] = {};
  for (const [key, text] of Object.entries(en)) {
    if (!(key in own) || (since && key in old && old[key] !== text)) out[kind][key] = text;
  }
  for (const key of Object.keys(own)) if (!(key in en)) out.stale.push(`${kind}:${key}`);
}
console.log(JSON.stringify(out, null, 2));
