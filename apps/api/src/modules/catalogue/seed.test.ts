import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/seed.js';
import { createTestDb, type TestDb } from '../../test/helpers.js';

const TABLES = [
  'plan_categories',
  'plans',
  'plan_pricing',
  'add_ons',
  'add_on_plans',
  'international_rates',
  'shipping_rates',
  'resellers',
] as const;

let tdb: TestDb;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await tdb.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    out[table] = rows[0]!.n;
  }
  return out;
}

async function ids(): Promise<string[]> {
  const { rows } = await tdb.pool.query<{ id: string }>(
    `SELECT id::text FROM plans UNION ALL SELECT id::text FROM plan_pricing UNION ALL SELECT id::text FROM add_ons ORDER BY 1`,
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  tdb = await createTestDb();
});
afterAll(async () => {
  await tdb?.drop();
});

describe('seedDemoData', () => {
  it('is idempotent: from empty tables, a second run changes nothing', async () => {
    const templateCounts = await counts();
    await tdb.db.execute(sql.raw(`TRUNCATE ${TABLES.join(', ')} CASCADE`));
    expect(Object.values(await counts()).every((n) => n === 0)).toBe(true);

    const logs: string[] = [];
    await seedDemoData(tdb.db, (m) => logs.push(m));
    const first = await counts();
    const firstIds = await ids();
    expect(first).toEqual(templateCounts);
    expect(logs[0]).toMatch(/^demo catalogue seeded: /);

    await seedDemoData(tdb.db, (m) => logs.push(m));
    expect(await counts()).toEqual(first);
    expect(await ids()).toEqual(firstIds);
    expect(logs[1]).toBe('demo catalogue already present');
  });

  it('seeds a realistic catalogue', async () => {
    const c = await counts();
    expect(c.plan_categories).toBe(9);
    expect(c.plans).toBeGreaterThanOrEqual(36);
    expect(c.international_rates).toBeGreaterThanOrEqual(249);
    expect(c.resellers).toBeGreaterThanOrEqual(3);
    const { rows } = await tdb.pool.query<{ code: string; is_active: boolean }>(
      `SELECT code, is_active FROM resellers WHERE code IN ('DEMO10', 'PARTNER-NY') ORDER BY code`,
    );
    expect(rows).toEqual([
      { code: 'DEMO10', is_active: true },
      { code: 'PARTNER-NY', is_active: true },
    ]);
  });

  it('restores rows that were removed without touching edited ones', async () => {
    await tdb.pool.query(`UPDATE plan_pricing SET price = price + 1 WHERE period_days = 90`);
    await tdb.pool.query(`DELETE FROM resellers WHERE code = 'DEMO10'`);
    const edited = await tdb.pool.query<{ total: number }>(`SELECT sum(price)::int AS total FROM plan_pricing`);
    await seedDemoData(tdb.db, () => {});
    const after = await tdb.pool.query<{ total: number }>(`SELECT sum(price)::int AS total FROM plan_pricing`);
    expect(after.rows[0]!.total).toBe(edited.rows[0]!.total);
    const demo = await tdb.pool.query(`SELECT 1 FROM resellers WHERE code = 'DEMO10'`);
    expect(demo.rowCount).toBe(1);
  });
});
