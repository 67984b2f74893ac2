import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { JobQueue } from '../../jobs/queue.js';
import { migrationsFolder } from '../../db/migrate.js';

export interface ReadinessReport {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; jobs: boolean };
}

/** The `when` of the newest migration this build ships (drizzle-kit's journal). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether this instance can serve: the database answers within a second, every migration this
 * build ships has been applied to it, and a job worker runs (in this process, or a separate worker
 * whose scheduler claimed a recent period). Each check fails closed: an error is "not ready".
 */
export class Readiness {
  private readonly expected = newestMigration();

  constructor(
    private readonly pool: pg.Pool,
    private readonly queue: JobQueue,
  ) {}

  async check(): Promise<ReadinessReport> {
    const timed = <T>(p: Promise<T>) =>
      Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref())]);
    const database = await timed(this.pool.query('SELECT 1')).then(
      () => true,
      () => false,
    );
    const migrations =
      database &&
      (await timed(this.pool.query<{ newest: string | null }>('SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations')).then(
        (r) => Number(r.rows[0]?.newest ?? 0) >= this.expected,
        () => false,
      ));
    const jobs =
      database &&
      (await timed(this.queue.workerSeen()).then(
        (seen) => seen,
        () => false,
      ));
    return { ready: database && migrations && jobs, checks: { database, migrations, jobs } };
  }
}
