#!/usr/bin/env node
// Initial JavaScript of a route, read from the build itself (no browser): the entry chunk and every
// chunk it imports statically (what index.html modulepreloads), plus the route's own lazy chunk and
// its static imports, plus the startup part of the active language's messages. Sizes are gzip -9 of each file,
// each file counted once.
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
  return { gzipKb: gz / 1024, rawKb: raw / 1024, files };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dist = path.join(root, 'apps/web/dist'), route, locale] = process.argv.slice(2);
  const r = initialJs(path.resolve(dist), { ...(route ? { route } : {}), ...(locale ? { locale } : {}) });
  for (const f of r.files) console.log(`${f.gzipKb.toFixed(1).padStart(6)} KB  ${f.file}`);
  console.log(`${r.gzipKb.toFixed(1).padStart(6)} KB gzip in ${r.files.length} files (${r.rawKb.toFixed(0)} KB raw)`);
}
