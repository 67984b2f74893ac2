#!/usr/bin/env node
// Builds the web app: the browser bundle into apps/web/dist (or --outDir), then the server entry that
// renders public pages (src/entry-server.tsx) into <outDir>/.ssr (decision 202). The server build
// comes second because the browser build empties the folder.
//   node scripts/build-web.mjs [--outDir /abs/path]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules', '.bin', 'vite');
const i = process.argv.indexOf('--outDir');
const outDir = i >= 0 ? path.resolve(process.argv[i + 1]) : path.join(root, 'apps/web/dist');

function run(args) {
  const res = spawnSync(vite, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

run(['build', '--logLevel', 'warn', '--emptyOutDir', '--outDir', outDir, 'apps/web']);
run(['build', '--logLevel', 'warn', '--ssr', 'src/entry-server.tsx', '--emptyOutDir', '--outDir', path.join(outDir, '.ssr'), 'apps/web']);
