#!/usr/bin/env node
// Initial JavaScript of a route, read from the build itself (no browser): the entry chunk and every
// chunk it imports statically (what index.html modulepreloads), plus the route's own lazy chunk and
// its static imports, plus the startup part of the active language's messages. Sizes are gzip -9 of each file,
// each file counted once. Also lists every language's message chunks (messageChunks) and names the
// largest, and which languages' messages the initial JS carries (the active one only).
//
//   node bench/initial-js.mjs [distDir] [routeModule] [locale]
//   defaults: apps/web/dist  src/app/routes/home.tsx  en
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every chunk `key` needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export function initialJs(distDir, { route = 'src/app/routes/home.tsx', locale = 'en' } = {}) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const keys = staticClosure(manifest, 'index.html');
  staticClosure(manifest, route, keys);
  let raw = 0;
  let gz = 0;
  const files = [];
  // The startup part of the language's messages: a JSON file beside the scripts (apps/web/vite.config.ts,
  // messageCatalogues), downloaded before the first render, so it counts as initial code.
  const startup = messageFiles(distDir).find((m) => m.code === locale && m.part === 'startup');
  if (!startup) throw new Error(`no startup messages for ${locale} in ${distDir}/assets/messages`);
  {
    const body = readFileSync(path.join(distDir, startup.file));
    const g = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gz += g;
    files.push({ file: startup.file, gzipKb: g / 1024 });
  }
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const body = readFileSync(path.join(distDir, file));
    const g = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gz += g;
    files.push({ file, gzipKb: g / 1024 });
  }
  files.sort((a, b) => b.gzipKb - a.gzipKb);
  // Which languages' messages the first load carries: it must be the active one alone, so the
  // initial JS does not grow with the number of languages. Scripts naming a language's messages
  // module would be message chunks; the browser build has none (messages are JSON files).
  const languages = [locale, ...[...keys].map((k) => MESSAGE_CHUNK.exec(k)?.[1]).filter(Boolean)];
  return { gzipKb: gz / 1024, rawKb: raw / 1024, files, languages: [...new Set(languages)] };
}

const MESSAGE_CHUNK = /virtual:messages\/([^/]+)\/(startup|rest)$/;
const MESSAGE_FILE = /^([a-z]{2,3}(?:-[A-Za-z]{2,4})?)\.(startup|rest)\.[0-9a-f]+\.json$/;

/** The message files of the browser build: assets/messages/<code>.<part>.<version>.json. */
function messageFiles(distDir) {
  const dir = path.join(distDir, 'assets', 'messages');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => ({ name, m: MESSAGE_FILE.exec(name) }))
    .filter((f) => f.m)
    .map(({ name, m }) => ({ code: m[1], part: m[2], file: `assets/messages/${name}` }));
}

/**
 * Every language's message chunks in the build (apps/web/vite.config.ts, messageCatalogues): gzip
 * size of each language's startup and rest chunk, and the largest chunk among them.
 */
export function messageChunks(distDir) {
  const byLanguage = new Map();
  for (const { code, part, file } of messageFiles(distDir)) {
    const gzipKb = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024;
    const entry = byLanguage.get(code) ?? { code };
    entry[part] = { file, gzipKb };
    byLanguage.set(code, entry);
  }
  const chunks = [...byLanguage.values()].flatMap((l) => ['startup', 'rest'].filter((p) => l[p]).map((p) => ({ code: l.code, part: p, ...l[p] })));
  if (chunks.length === 0) throw new Error('no message files in the build');
  const largest = chunks.reduce((a, b) => (b.gzipKb > a.gzipKb ? b : a));
  return { languages: [...byLanguage.keys()].sort(), chunks, largest };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dist = path.join(root, 'apps/web/dist'), route, locale] = process.argv.slice(2);
  const r = initialJs(path.resolve(dist), { ...(route ? { route } : {}), ...(locale ? { locale } : {}) });
  for (const f of r.files) console.log(`${f.gzipKb.toFixed(1).padStart(6)} KB  ${f.file}`);
  console.log(`${r.gzipKb.toFixed(1).padStart(6)} KB gzip in ${r.files.length} files (${r.rawKb.toFixed(0)} KB raw); messages of: ${r.languages.join(', ')}`);
  const m = messageChunks(path.resolve(dist));
  for (const c of m.chunks) console.log(`${c.gzipKb.toFixed(1).padStart(6)} KB  messages ${c.code}/${c.part}  ${c.file}`);
  console.log(`largest message chunk: ${m.largest.code}/${m.largest.part} ${m.largest.gzipKb.toFixed(1)} KB gzip, of ${m.languages.length} languages`);
}
