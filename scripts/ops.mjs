#!/usr/bin/env node
// `npm run ops -- <command> [args]`: operator commands (apps/api/src/ops). Compiles the API when its
// sources are newer than the build, then runs the command against the configured database.
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

if (!existsSync(r('apps/api/dist/ops/ops.js')) || newest(r('apps/api/src')) > newest(r('apps/api/dist')) || newest(r('packages/shared/src')) > newest(r('packages/shared/dist'))) {
  const res = spawnSync(r('node_modules', '.bin', 'tsc'), ['-b', 'apps/api', 'packages/shared'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

await import(r('apps/api/dist/ops/ops.js'));
