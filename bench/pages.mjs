// Issue 12's page figures (decision 202), used by bench/run.mjs:
//  - Lighthouse on a mobile profile (slow 4G, 4× slower CPU: Lighthouse's default simulated
//    throttling) for home, a plan page and /checkout: performance, accessibility, best practices and
//    SEO scores, and the LCP. The median run of `runs` by performance score is reported.
//  - Server rendering throughput: GET / (server-rendered, from its cache) against GET /index.html (the
//    static file), req/s of each and the ratio.
//
//   node bench/pages.mjs http://127.0.0.1:3000     (against a running server)
import autocannon from 'autocannon';
import { pathToFileURL } from 'node:url';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function lighthouseOnce(url) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags });
  try {
    // Lighthouse's defaults are the mobile profile: Moto G Power screen, slow 4G, 4× CPU slowdown.
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: CATEGORIES, logLevel: 'error', output: 'json' });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
      .map((a) => a.id);
    return {
      scores,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      // How fast this machine's CPU is by Lighthouse's own yardstick: the 4× slowdown is applied on
      // top of it, so scores from machines with different indexes do not compare (decision 225).
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      browser: lhr.environment?.hostUserAgent?.match(/(?:HeadlessChrome|Chrome)\/[\d.]+/)?.[0] ?? 'unknown',
      failing,
    };
  } finally {
    await chrome.kill();
  }
}

/** One run, tried again once when Chromium's trace missed the navigation (NO_NAVSTART, seen on a first load). */
async function lighthouseRun(url) {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    if (!/NO_NAVSTART|NO_FCP/.test(String(error))) throw error;
    return lighthouseOnce(url);
  }
}

/** Lighthouse `runs` times; the median run by performance score (scores move a point or two run to run). */
export async function lighthouse(url, runs = 3) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouseRun(url));
  all.sort((a, b) => a.scores.performance - b.scores.performance || b.lcpMs - a.lcpMs);
  return { ...all[Math.floor(runs / 2)], performanceRuns: all.map((r) => r.scores.performance), benchmarkIndexes: all.map((r) => r.benchmarkIndex) };
}

async function rps(url, connections, seconds) {
  const r = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip', accept: 'text/html' } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** Server-rendered home against the static index.html of the same server, warmed, then alternated. */
export async function renderThroughput(base, { connections = 32, seconds = 10 } = {}) {
  await autocannon({ url: `${base}/`, connections: 8, duration: 2 });
  await autocannon({ url: `${base}/index.html`, connections: 8, duration: 2 });
  const rendered = await rps(`${base}/`, connections, seconds);
  const staticIndex = await rps(`${base}/index.html`, connections, seconds);
  return { rendered, staticIndex, ratio: rendered.rps / staticIndex.rps };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  for (const path of ['/', '/plan/paygo/paygo-starter-sim', '/checkout']) {
    const r = await lighthouse(`${base}${path}`, Number(process.env.LH_RUNS ?? 1));
    console.log(path, JSON.stringify(r.scores), `index ${r.benchmarkIndexes.join(',')} LCP ${Math.round(r.lcpMs)} ms FCP ${Math.round(r.fcpMs)} TBT ${Math.round(r.tbtMs)} CLS ${r.cls.toFixed(3)}`, r.failing.join(' '));
  }
  if (process.env.THROUGHPUT !== '0') console.log(await renderThroughput(base, { seconds: 5 }));
}
