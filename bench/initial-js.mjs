#!/usr/bin/env node
// Initial JavaScript of a route, read from the build itself (no browser): the entry chunk and every
// chunk it imports statically (what index.html modulepreloads), plus the route's own lazy chunk and
// its static imports, plus the startup part of the active language's messages. Sizes are gzip -9 of each file,
// each file counted once. Also lists every language's message chunks (messageChunks) and names the
// largest, and which languages' messages the initial JS carries (the active one only).
//
//   node bench/initial-js.mjs [distDir] [routeModule] [locale]
//   defaults: apps/web/dist  src/app/routes/home.tsx  en
import { readFileSync } from 'node:fs';
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
  // The startup part of the language's messages (apps/web/vite.config.ts, messageCatalogues).
  const catalogue = Object.keys(manifest).find((k) => k.endsWith(`virtual:messages/${locale}/startup`));
  if (!catalogue) throw new Error(`no startup messages for ${locale} in the build manifest`);
  staticClosure(manifest, catalogue, keys);
  let raw = 0;
  let gz = 0;
  const files = [];
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
  // initial JS does not grow with the number of languages.
  const languages = [...new Set([...keys].map((k) => MESSAGE_CHUNK.exec(k)?.[1]).filter(Boolean))];
  return { gzipKb: gz / 1024, rawKb: raw / 1024, files, languages };
}

const MESSAGE_CHUNK = /virtual:messages\/([^/]+)\/(startup|rest)$/;

/**
 * Every language's message chunks in the build (apps/web/vite.config.ts, messageCatalogues): gzip
 * size of each language's startup and rest chunk, and the largest chunk among them.
 */
export function messageChunks(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const byLanguage = new Map();
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = MESSAGE_CHUNK.exec(key);
    if (!m) continue;
    const [, code, part] = m;
    const gzipKb = gzipSync(readFileSync(path.join(distDir, chunk.file)), { level: 9 }).length / 1024;
    const entry = byLanguage.get(code) ?? { code };
    entry[part] = { file: chunk.file, gzipKb };
    byLanguage.set(code, entry);
  }
  const chunks = [...byLanguage.values()].flatMap((l) => ['startup', 'rest'].filter((p) => l[p]).map((p) => ({ code: l.code, part: p, ...l[p] })));
  if (chunks.length === 0) throw new Error('no message chunks in the build manifest');
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
