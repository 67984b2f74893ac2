#!/usr/bin/env node
// `npm test`: every check in order — types, lint, unit and API tests (real PostgreSQL), then the
// web build and the browser tests in Chromium. Keeps going after a failure so one run shows all.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (b) => path.join(root, 'node_modules', '.bin', b);
const only = process.argv.slice(2);

const steps = [
  ['typecheck', bin('tsc'), ['-b', 'apps/api', 'packages/shared']],
  ['typecheck-tests', bin('tsc'), ['-p', 'apps/api/tsconfig.test.json']],
  ['typecheck-web', bin('tsc'), ['-p', 'apps/web', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['unit+api', bin('vitest'), ['run']],
  ['build-web', process.execPath, [path.join(root, 'scripts', 'build-web.mjs')]],
  ['e2e', bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts']],
].filter(([name]) => only.length === 0 || only.includes(name));

let passed = 0;
let failed = 0;
const failures = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}: ${path.basename(cmd)} ${args.join(' ')}`);
  const t = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  if (res.status === 0) {
    passed++;
    console.log(`=== ${name}: ok (${secs}s)`);
  } else {
    failed++;
    failures.push(name);
    console.log(`=== ${name}: FAILED (${secs}s)`);
  }
}
console.log(`\nsteps: ${failures.length ? `failed: ${failures.join(', ')}` : 'all ok'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
