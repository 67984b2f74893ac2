#!/usr/bin/env node
// `npm start`: build whatever is missing or out of date, then run the server (which migrates,
// seeds the demo catalogue once, serves the API plus the built web app and runs the job worker).
// `npm run worker` (this script with --worker): the job worker alone, no HTTP.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = (...p) => path.join(root, ...p);

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(p)) {
    if (e === 'node_modules' || e === 'dist') continue;
    m = Math.max(m, newest(path.join(p, e)));
  }
  return m;
}

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const npx = (bin) => r('node_modules', '.bin', bin);

// tsc -b is incremental: near-instant when nothing changed.
if (!existsSync(r('apps/api/dist/server.js')) || newest(r('apps/api/src')) > newest(r('apps/api/dist')) || newest(r('packages/shared/src')) > newest(r('packages/shared/dist'))) {
  console.log('[start] compiling the API and shared package');
  run(npx('tsc'), ['-b', 'apps/api', 'packages/shared']);
}

const workerOnly = process.argv.includes('--worker');

const webIndex = r('apps/web/dist/index.html');
const webSrcTime = Math.max(newest(r('apps/web/src')), newest(r('apps/web/index.html')), newest(r('apps/web/public')), newest(r('packages/shared/src')));
if (!workerOnly && (!existsSync(webIndex) || !existsSync(r('apps/web/dist/.ssr/entry-server.js')) || webSrcTime > statSync(webIndex).mtimeMs)) {
  console.log('[start] building the web app');
  run(process.execPath, [r('scripts/build-web.mjs')]);
}

await import(r('apps/api/dist', workerOnly ? 'worker.js' : 'server.js'));
