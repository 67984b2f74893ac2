#!/usr/bin/env node
// `npm run bench`: the figures the issues budget, measured on this machine in one run.
//  1. Initial JS of the home route (gzip KB), from the build's manifest (bench/initial-js.mjs: entry,
//     its static imports, the home route's chunks and the startup messages; budget 140 KB), and, for
//     comparison, every script Chromium loads for `/` until the network is idle (later prefetches too).
//     Also the largest language's message chunk, and that the initial JS carries one language only.
//  2. GET /public/plan_category vs the bare constant-JSON GET /public/ping of the same server:
//     req/s and p99 of each, and the ratio (catalogue ÷ ping) — the machine cancels out.
//  3. Server rendering (bench/pages.mjs): GET / against the static GET /index.html, and Lighthouse on
//     the mobile profile (slow 4G, 4× CPU) for home, a plan page and /checkout: LCP and the four
//     category scores.
//  4. Checkout throughput: orders completed per second and p99 with 20 concurrent buyers (sandbox
//     gateway, embedded PostgreSQL), and its ratio to the catalogue read (bench/checkout.mjs).
//  5. The SIM list of a subscriber with 50 SIMs (GET /subscriber/sim?limit=50): req/s and p99, and its
//     p99 as a ratio to the catalogue read's (bench/sims.mjs).
//  6. Carrier actions through the job queue and the simulator (its made-up network delay set to 0):
//     a burst of activations and a steady stream of Wi-Fi calling switches, actions/s (bench/sims.mjs).
// Results go to stdout and bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { checkoutThroughput } from './checkout.mjs';
import { lighthouse, renderThroughput } from './pages.mjs';
import { simBench } from './sims.mjs';
import { initialJs as builtInitialJs, messageChunks } from './initial-js.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const budgets = { initialJsKb: 140, catalogueRatio: 0.5, lighthouse: 98, lcpMs: 1200, renderRatio: 0.3, ordersPerSecond: 100 };

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
}

function sh(cmd, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const c = spawn(cmd, args, { cwd: root, stdio: 'inherit', env });
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

/** A CSV of `count` eSIM profiles with valid ICCIDs (89…, Luhn check digit) for the simulator. */
function esimInventoryCsv(dir, count) {
  const luhn = (digits) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 0) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return (10 - (sum % 10)) % 10;
  };
  const rows = ['iccid,kind'];
  for (let i = 0; i < count; i++) {
    const body = `8919990${String(i).padStart(12, '0')}`;
    rows.push(`${body}${luhn(body)},esim`);
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'bench-esims.csv');
  writeFileSync(file, rows.join('\n') + '\n');
  return file;
}

async function startServer() {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = path.join(root, '.tmp', 'bench-data');
  rmSync(dataDir, { recursive: true, force: true });
  // CARRIER_SIM_DELAY_SECONDS=0: the carrier figures measure our queue and the simulator, not the
  // delay the simulator adds to look like a real network.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    CARRIER_SIM_DELAY_SECONDS: '0',
  };
  // The demo inventory holds 80 eSIM profiles; the checkout run sells hundreds, and fulfilment of an
  // order with none left is retried in the background, which would load the server being measured.
  // Stock the carrier simulator the way an operator does (`npm run ops -- sims import`).
  await sh(process.execPath, [path.join(root, 'apps/api/dist/ops/ops.js'), 'sims', 'import', esimInventoryCsv(dataDir, 5000)], env);
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const r = await fetch(`${base}/public/ping`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function initialJs(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromeFlags.filter((f) => !f.startsWith('--headless')) });
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') {
      try {
        scripts.set(res.url(), await res.body());
      } catch {
        /* navigation raced the body */
      }
    }
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await browser.close();
  let raw = 0;
  let gz = 0;
  const files = [];
  for (const [url, body] of scripts) {
    const g = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gz += g;
    files.push(`${new URL(url).pathname} ${(g / 1024).toFixed(1)} KB`);
  }
  return { gzipKb: gz / 1024, rawKb: raw / 1024, files };
}

async function load(url) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'gzip' } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** Issue 12's pages: home, a plan page (server-rendered) and /checkout (client-rendered behind the shell). */
const LIGHTHOUSE_PAGES = [
  ['home', '/'],
  ['plan page', '/plan/paygo/paygo-starter-sim'],
  ['/checkout', '/checkout'],
];

// The web app is built into its own folder so a running dev server's dist is left alone.
const webDist = path.join(root, '.tmp', 'bench-web');
if (!existsSync(path.join(webDist, 'index.html')) || process.env.BENCH_SKIP_BUILD !== '1') {
  await sh(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'apps/api', 'packages/shared']);
  await sh(process.execPath, [path.join(root, 'scripts/build-web.mjs'), '--outDir', webDist]);
}

const built = builtInitialJs(webDist);
const messages = messageChunks(webDist);
const server = await startServer();
let out;
try {
  const js = await initialJs(server.base);
  // Warm both routes (JIT, caches) before measuring; then alternate so drift hits both equally.
  await autocannon({ url: `${server.base}/public/ping`, connections: 8, duration: 2 });
  await autocannon({ url: `${server.base}/public/plan_category`, connections: 8, duration: 2 });
  const ping = await load(`${server.base}/public/ping`);
  const cat = await load(`${server.base}/public/plan_category`);
  const render = await renderThroughput(server.base, { connections: CONNECTIONS, seconds: DURATION });
  const lh = {};
  for (const [name, path] of LIGHTHOUSE_PAGES) lh[name] = await lighthouse(`${server.base}${path}`);
  // Before checkout: the SIM list is read on a quiet queue; the carrier actions it then sends finish
  // before simBench returns.
  const sims = await simBench(server.base, { seconds: DURATION, connections: CONNECTIONS, catalogue: cat });
  // Last, so the orders it writes cannot slow the reads above.
  const checkout = await checkoutThroughput(server.base, { buyers: 20, seconds: DURATION });
  out = { js, ping, cat, ratio: cat.rps / ping.rps, render, lh, sims, checkout };
} finally {
  await server.stop();
}

const ok = (b) => (b ? 'within budget' : 'OVER BUDGET');
/** The median benchmark index of every Lighthouse run in this bench. */
function benchmarkIndex(lh) {
  const all = Object.values(lh).flatMap((r) => r.benchmarkIndexes).sort((a, b) => a - b);
  return all.length ? Math.round(all[Math.floor(all.length / 2)]) : 'unknown';
}
const lines = [
  `# Benchmark results`,
  ``,
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` on this project's machine (${(await import('node:os')).cpus().length} cores, Node ${process.version}).`,
  `Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per route, server and load generator on the same machine.`,
  `Lighthouse: ${Object.values(out.lh)[0]?.browser ?? 'unknown'}; CPU benchmark index of this machine (Lighthouse's \`benchmarkIndex\`, median of its runs) ${benchmarkIndex(out.lh)}. The mobile profile slows this CPU 4×, so Lighthouse figures compare only between runs with a similar index.`,
  ``,
  `| figure | value | budget | verdict |`,
  `|---|---|---|---|`,
  `| home route initial JS (gzip; entry + static imports + home route + startup messages, React 19) | ${built.gzipKb.toFixed(1)} KB (${built.rawKb.toFixed(0)} KB raw, ${built.files.length} files) | ≤ ${budgets.initialJsKb} KB | ${ok(built.gzipKb <= budgets.initialJsKb)} |`,
  `| largest message catalogue chunk (gzip; of ${messages.languages.length} languages, each a startup and a rest chunk loaded on demand) | ${messages.largest.gzipKb.toFixed(1)} KB (${messages.largest.code} ${messages.largest.part}) | — | — |`,
  `| languages whose messages the initial JS of / carries (must be the active one only, so it does not grow with the number of languages) | ${built.languages.join(', ')} | en only | ${ok(built.languages.length === 1 && built.languages[0] === 'en')} |`,
  `| every script Chromium loads for / until network idle (gzip; includes the idle prefetch of the other messages) | ${out.js.gzipKb.toFixed(1)} KB (${out.js.rawKb.toFixed(0)} KB raw, ${out.js.files.length} files) | — | — |`,
  `| GET /public/ping (baseline) | ${out.ping.rps.toFixed(0)} req/s, p99 ${out.ping.p99} ms | — | — |`,
  `| GET /public/plan_category | ${out.cat.rps.toFixed(0)} req/s, p99 ${out.cat.p99} ms | — | — |`,
  `| catalogue ÷ baseline (req/s) | ${out.ratio.toFixed(2)} | ≥ ${budgets.catalogueRatio} | ${ok(out.ratio >= budgets.catalogueRatio)} |`,
  `| checkout: orders completed/s, 20 buyers (purchase + sandbox payment) | ${out.checkout.ordersPerSecond.toFixed(0)} orders/s (${out.checkout.orders} orders, ${out.checkout.failures} failed), p99 ${out.checkout.p99.toFixed(0)} ms, p50 ${out.checkout.p50.toFixed(0)} ms | ≥ ${budgets.ordersPerSecond} orders/s | ${ok(out.checkout.ordersPerSecond >= budgets.ordersPerSecond && out.checkout.failures === 0)} |`,
  `| checkout orders/s ÷ catalogue req/s | ${(out.checkout.ordersPerSecond / out.cat.rps).toFixed(3)} | — | — |`,
  `| server-rendered GET / (from the render cache) | ${out.render.rendered.rps.toFixed(0)} req/s, p99 ${out.render.rendered.p99} ms | — | — |`,
  `| static GET /index.html (baseline) | ${out.render.staticIndex.rps.toFixed(0)} req/s, p99 ${out.render.staticIndex.p99} ms | — | — |`,
  `| server render ÷ static index (req/s) | ${out.render.ratio.toFixed(2)} | ≥ ${budgets.renderRatio} | ${ok(out.render.ratio >= budgets.renderRatio)} |`,
  ...Object.entries(out.lh).flatMap(([name, r]) => [
    `| LCP, ${name} (Lighthouse mobile: slow 4G, 4× CPU) | ${(r.lcpMs / 1000).toFixed(2)} s (FCP ${(r.fcpMs / 1000).toFixed(2)} s, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}) | ${name === '/checkout' ? '—' : `≤ ${budgets.lcpMs / 1000} s`} | ${name === '/checkout' ? '—' : ok(r.lcpMs <= budgets.lcpMs)} |`,
    `| Lighthouse mobile, ${name}: performance / accessibility / best practices / SEO | ${r.scores.performance} / ${r.scores.accessibility} / ${r.scores['best-practices']} / ${r.scores.seo} (performance runs ${r.performanceRuns.join(', ')})${r.failing.length ? `; audits not passed: ${r.failing.join(', ')}` : ''} | ≥ ${budgets.lighthouse} each | ${ok(Object.values(r.scores).every((v) => v >= budgets.lighthouse))} |`,
  ]),
  `| GET /subscriber/sim?limit=50, a subscriber with ${out.sims.sims} SIMs | ${out.sims.list.rps.toFixed(0)} req/s, p99 ${out.sims.list.p99} ms, p50 ${out.sims.list.p50} ms | — | — |`,
  `| SIM list p99 ÷ catalogue p99 | ${out.sims.p99Ratio.toFixed(1)} | — | — |`,
  `| carrier actions, burst: ${out.sims.carrier.activations.count} activations at once, queue → simulator → outcome | ${out.sims.carrier.activations.perSecond.toFixed(1)} actions/s (${out.sims.carrier.activations.seconds.toFixed(1)} s) | — | — |`,
  `| carrier actions, steady: Wi-Fi calling switched on ${out.sims.carrier.toggles.sims} SIMs | ${out.sims.carrier.toggles.perSecond.toFixed(1)} actions/s (${out.sims.carrier.toggles.completed} done, ${out.sims.carrier.toggles.failed} failed), request to result p50 ${out.sims.carrier.toggles.p50.toFixed(0)} ms, p99 ${out.sims.carrier.toggles.p99.toFixed(0)} ms | — | — |`,
  ``,
  `Initial scripts of \`/\` (build manifest): ${built.files.map((f) => `${f.file} ${f.gzipKb.toFixed(1)} KB`).join('; ')}`,
  ``,
  `Scripts Chromium loaded for \`/\`: ${out.js.files.join('; ')}`,
  ``,
];
const text = lines.join('\n');
console.log(`\n${text}`);
writeFileSync(path.join(root, 'bench', 'RESULTS.md'), text);
