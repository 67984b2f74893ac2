import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sim } from '@app/shared/contracts/sims';
import { makeIccid } from '../../adapters/carrier/simulator/simulator.js';
import { subscribers } from '../../db/schema/accounts.js';
import { DEMO_EMAIL } from '../../db/seed/sims-seed.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { parseInventoryCsv } from './inventory-import.js';
import { simsImportCommand } from './sims.ops.js';
import { SIM_TEST_ENV } from './test-env.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: SIM_TEST_ENV });
});
afterAll(async () => {
  await t?.close();
});

describe('inventory CSV', () => {
  it('reports each bad line by number and keeps the good ones', () => {
    const good = makeIccid(777_000_001, '261');
    const esim = makeIccid(777_000_002, '261');
    const parsed = parseInventoryCsv(
      [
        'ICCID,Kind,ESN,SMDP Address,Matching ID',
        `${good},physical,ESN-1,,`,
        `${esim},eSIM,,smdp.example.net,ABCD-1234-EFGH`,
        '8901260000000000001,physical,,,',
        `${good},physical,,,`,
        `${makeIccid(777_000_003, '261')},watch,,,`,
        '',
      ].join('\r\n'),
    );
    expect(parsed.items).toEqual([
      { iccid: good, kind: 'physical', esn: 'ESN-1' },
      { iccid: esim, kind: 'esim', smdpAddress: 'smdp.example.net', matchingId: 'ABCD-1234-EFGH' },
    ]);
    expect(parsed.problems.map((p) => p.line)).toEqual([4, 5, 6]);
    expect(parseInventoryCsv('serial\n1').problems).toEqual([{ line: 1, problem: 'the header must name the columns iccid and kind' }]);
  });

  it('`ops sims import` loads the file into the carrier inventory once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sims-import-'));
    const file = path.join(dir, 'stock.csv');
    const rows = Array.from({ length: 5 }, (_, i) => `${makeIccid(778_000_000 + i, '262')},${i < 3 ? 'physical' : 'esim'}`);
    await writeFile(file, ['iccid,kind', ...rows].join('\n'));
    const before = await t.container.adapters.carrier.stock();
    const lines: string[] = [];
    const out = { line: (s: string) => lines.push(s), table: () => {} };
    await simsImportCommand.run(t.container, [file], out);
    expect(lines[0]).toBe('5 added, 0 already in inventory, 0 refused');
    const after = await t.container.adapters.carrier.stock();
    expect(after).toEqual({ physical: before.physical + 3, esim: before.esim + 2 });
    await simsImportCommand.run(t.container, [file], out);
    expect(lines[2]).toBe('0 added, 5 already in inventory, 0 refused');
    const esim = await t.container.adapters.carrier.lookup(makeIccid(778_000_003, '262'));
    expect(esim?.activationCode).toMatch(/^LPA:1\$smdp\.sim\.libertywave\.example\$/);
  });
});

describe('demo data', () => {
  it('gives the demo subscriber SIMs in several states, one with usage', async () => {
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.email, DEMO_EMAIL));
    expect(row).toBeDefined();
    const session = await t.services.sessions.create(t.db, row!, { stayLoggedIn: false, method: 'password' });
    const auth = { authorization: `Bearer ${session.token}` };
    const list = (await t.app.inject({ method: 'GET', url: '/subscriber/sim', headers: auth })).json<{ total: number; data: Sim[] }>();
    expect(list.total).toBe(4);
    expect(list.data.map((s) => [s.kind, s.status.status])).toEqual([
      ['physical', 'expired'],
      ['physical', 'active'],
      ['esim', 'inactive'],
      ['esim', 'active'],
    ]);
    const inUse = list.data[1]!;
    expect(inUse.usageBalance.data).toBeGreaterThan(0);
    const usage = (await t.app.inject({ method: 'GET', url: `/subscriber/sim/${inUse.id}/usage_log`, headers: auth })).json<{ total: number }>();
    expect(usage.total).toBe(28);
    const recover = await t.app.inject({ method: 'GET', url: `/subscriber/sim/check_recoverability/${list.data[0]!.id}`, headers: auth });
    expect(recover.json()).toEqual({ recoverable: true, daysSinceExpiry: 10 });
    expect(list.data[3]!.esim).toMatchObject({ installed: true });
  });
});
