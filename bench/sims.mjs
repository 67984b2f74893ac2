#!/usr/bin/env node
// SIM figures for `npm run bench` (issue 10), against a running server with the demo seed:
//  1. GET /subscriber/sim?limit=50 for a subscriber with 50 SIMs (the demo subscriber, topped up to 50
//     by buying eSIM plans through the API and paying with the sandbox card): req/s and p99, next to
//     the catalogue read measured the same way, and the p99 ratio (SIM list ÷ catalogue).
//  2. Carrier actions through the job queue and the simulator: every SIM not activated yet is activated
//     at once (a burst), then Wi-Fi calling is switched on and off on every active SIM for `seconds`
//     (steady state), each switch sent again as soon as the SIM shows the last one done. Reports
//     completed actions per second and the p50/p99 time from request to the SIM showing the result.
//     Run the server with CARRIER_SIM_DELAY_SECONDS=0, or the simulator's made-up network delay is what
//     gets measured.
//
//   node bench/sims.mjs http://127.0.0.1:PORT [seconds]      (standalone; prints JSON)
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const DEMO_EMAIL = 'demo@libertywave.example';
const DEMO_PASSWORD = 'Demo-Liberty-Wave-2026';
const TARGET_SIMS = 50;
// A ZIP the simulator's E911 check knows, with a street it accepts.
const ADDRESS = { street: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10001' };

async function json(res) {
  const body = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

function percentile(sorted, q) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function client(base, token) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return {
    get: async (url) => json(await fetch(`${base}${url}`, { headers })),
    post: async (url, body) => json(await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body ?? {}) })),
  };
}

async function logIn(base) {
  const { token } = await client(base).post('/public/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  return token;
}

/** The cheapest eSIM plan price, as a cart line. */
async function esimPlanItem(base, quantity) {
  const api = client(base);
  const categories = await api.get('/public/plan_category');
  const prices = await api.get('/public/plan_pricing?isActive=true');
  let best;
  for (const c of categories) {
    for (const p of c.plans) {
      if (!p.isActive || p.simSource.type.startsWith('sim_')) continue;
      for (const price of prices.filter((x) => x.planId === p.id && x.isActive)) {
        if (!best || price.price < best.price.price) best = { plan: p, category: c, price };
      }
    }
  }
  if (!best) throw new Error('no eSIM plan to buy');
  return { _type: 'plan', quantity, planId: best.plan.id, priceId: best.price.id, categoryId: best.category.id };
}

/** Buys eSIM plans for the signed-in subscriber until they own `target` SIMs (sandbox card), and waits for fulfilment. */
export async function ensureSims(base, token, target = TARGET_SIMS) {
  const api = client(base, token);
  const count = async () => (await api.get('/subscriber/sim?limit=1')).total;
  let missing = target - (await count());
  const year = (new Date().getUTCFullYear() + 2) % 100;
  while (missing > 0) {
    const items = [await esimPlanItem(base, Math.min(10, missing))];
    const quote = await api.post('/subscriber/sim/purchase/price', { items });
    const placed = await api.post('/subscriber/sim/purchase', { items, expectedTotal: quote.total, requestId: randomUUID() });
    const paid = await api.post('/subscriber/payment', {
      orderId: placed.order.id,
      gateway: 'sandbox',
      method: 'card',
      cardToken: `tok_sandbox_ok_12${String(year).padStart(2, '0')}_${randomBytes(8).toString('hex')}`,
      requestId: randomUUID(),
    });
    if (paid.status !== 'succeeded') throw new Error(`payment ${paid.status}`);
    missing -= items[0].quantity;
  }
  const until = Date.now() + 120_000;
  for (;;) {
    const n = await count();
    if (n >= target) return n;
    if (Date.now() > until) throw new Error(`only ${n} of ${target} SIMs after fulfilment`);
    await sleep(500);
  }
}

async function load(url, token, { seconds, connections }) {
  const r = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50 };
}

/** SIM list p99 for the 50-SIM subscriber, and the catalogue read measured alike (unless given). */
export async function simListLatency(base, token, { seconds = 10, connections = 32, catalogue } = {}) {
  const listUrl = `${base}/subscriber/sim?limit=${TARGET_SIMS}`;
  const first = await client(base, token).get(`/subscriber/sim?limit=${TARGET_SIMS}`);
  if (first.data.length < TARGET_SIMS) throw new Error(`the list holds ${first.data.length} SIMs, not ${TARGET_SIMS}`);
  await autocannon({ url: listUrl, connections: 8, duration: 2, headers: { authorization: `Bearer ${token}` } });
  const cat = catalogue ?? (await load(`${base}/public/plan_category`, null, { seconds, connections }));
  const list = await load(listUrl, token, { seconds, connections });
  return { list, catalogue: cat, sims: first.data.length, p99Ratio: list.p99 / Math.max(cat.p99, 1) };
}

/**
 * Carrier actions per second: an activation burst of every SIM waiting for one, then Wi-Fi calling
 * switched on and off on every active SIM for `seconds`. Progress is read from the SIM list (one call
 * for all SIMs every 200 ms), which is how the dashboard learns it too.
 */
export async function carrierThroughput(base, token, { seconds = 10 } = {}) {
  const api = client(base, token);
  const listAll = async () => (await api.get(`/subscriber/sim?limit=100`)).data;

  let sims = await listAll();
  const waiting = sims.filter((s) => s.status.status === 'inactive' && !s.pendingAction);
  const burstStart = performance.now();
  await Promise.all(waiting.map((s) => api.post(`/subscriber/sim/${s.id}/activate`, { zip: '10001' })));
  const ids = new Set(waiting.map((s) => s.id));
  const burstUntil = Date.now() + 180_000;
  while (ids.size) {
    if (Date.now() > burstUntil) throw new Error(`${ids.size} activations still pending after 3 minutes`);
    await sleep(200);
    for (const s of await listAll()) if (ids.has(s.id) && !s.pendingAction && s.status.status !== 'pending') ids.delete(s.id);
  }
  const burstSeconds = (performance.now() - burstStart) / 1000;

  sims = (await listAll()).filter((s) => s.mdn && ['active', 'in_use', 'inUse', 'used_up'].includes(s.status.status));
  const want = new Map();
  const sentAt = new Map();
  const latencies = [];
  let failed = 0;
  const send = async (s) => {
    const enabled = !(want.get(s.id) ?? s.wifiCalling);
    want.set(s.id, enabled);
    sentAt.set(s.id, performance.now());
    try {
      await api.post(`/subscriber/sim/${s.id}/pwg/wfc`, enabled ? { enabled, address: ADDRESS } : { enabled });
    } catch (e) {
      failed++;
      sentAt.delete(s.id);
      if (failed <= 3) console.error(`[bench] wfc failed: ${e.message}`);
    }
  };
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(sims.map(send));
  while (performance.now() < until || sentAt.size) {
    await sleep(200);
    const now = performance.now();
    for (const s of await listAll()) {
      const t0 = sentAt.get(s.id);
      if (t0 === undefined) {
        if (now < until && want.has(s.id) && !s.pendingAction) await send(s);
        continue;
      }
      if (!s.pendingAction && s.wifiCalling === want.get(s.id)) {
        latencies.push(now - t0);
        sentAt.delete(s.id);
        if (now < until) await send(s);
      } else if (now - t0 > 60_000) {
        failed++;
        sentAt.delete(s.id);
      }
    }
    if (now > until + 120_000) break;
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    activations: { count: waiting.length, seconds: burstSeconds, perSecond: waiting.length / Math.max(burstSeconds, 0.001) },
    toggles: { sims: sims.length, completed: latencies.length, failed, seconds: elapsed, perSecond: latencies.length / elapsed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) },
  };
}

/** Both figures, in the order `npm run bench` runs them (the list on a quiet queue, then the actions). */
export async function simBench(base, { seconds = 10, connections = 32, catalogue } = {}) {
  const token = await logIn(base);
  await ensureSims(base, token);
  const list = await simListLatency(base, token, { seconds, connections, catalogue });
  const carrier = await carrierThroughput(base, token, { seconds });
  return { ...list, carrier };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.argv[2];
  if (!base) {
    console.error('usage: node bench/sims.mjs http://127.0.0.1:PORT [seconds]');
    process.exit(2);
  }
  const seconds = Number(process.argv[3] ?? 10);
  console.log(JSON.stringify(await simBench(base, { seconds }), null, 2));
}
