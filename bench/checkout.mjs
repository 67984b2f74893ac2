// Checkout throughput for `npm run bench`: N concurrent buyers each loop purchase → pay (sandbox
// gateway, card 4242) against a running server for `seconds`; an order counts when its payment
// answers `succeeded`. Reports completed orders per second and the p99 of one order (both calls).
import { randomBytes, randomUUID } from 'node:crypto';

async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function cartOf(base) {
  const categories = await json(await fetch(`${base}/public/plan_category`));
  const prices = await json(await fetch(`${base}/public/plan_pricing?isActive=true`));
  for (const c of categories) {
    for (const p of c.plans) {
      if (!p.isActive || p.simSource.type.startsWith('sim_')) continue;
      const price = prices.find((x) => x.planId === p.id && x.price > 0);
      if (price) return [{ _type: 'plan', quantity: 1, planId: p.id, priceId: price.id, categoryId: c.id }];
    }
  }
  throw new Error('no eSIM plan with a price to buy');
}

function percentile(sorted, q) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export async function checkoutThroughput(base, { buyers = 20, seconds = 10 } = {}) {
  const items = await cartOf(base);
  const post = (url, body) => fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const quote = await json(await post('/public/sim/purchase/price', { items }));
  const year = new Date().getUTCFullYear() + 2;
  const token = () => `tok_sandbox_ok_12${String(year % 100).padStart(2, '0')}_${randomBytes(8).toString('hex')}`;
  const latencies = [];
  let failures = 0;
  const until = Date.now() + seconds * 1000;
  async function buyer(i) {
    const email = `bench.${i}.${Date.now().toString(36)}@example.org`;
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const p = await json(await post('/public/sim/purchase', { items, expectedTotal: quote.total, requestId: randomUUID(), emailAddress: email }));
        const pay = await json(
          await post('/public/payment', {
            orderId: p.order.id,
            accessToken: p.accessToken,
            gateway: 'sandbox',
            method: 'card',
            cardToken: token(),
            requestId: randomUUID(),
          }),
        );
        if (pay.status !== 'succeeded') throw new Error(`payment ${pay.status}`);
        latencies.push(performance.now() - t0);
      } catch (e) {
        failures++;
        if (failures <= 3) console.error(`[bench] checkout failed: ${e.message}`);
      }
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: buyers }, (_, i) => buyer(i)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { ordersPerSecond: latencies.length / elapsed, orders: latencies.length, failures, p99: percentile(latencies, 0.99), p50: percentile(latencies, 0.5), buyers };
}
