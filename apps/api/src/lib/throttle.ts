import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.js';

export interface CounterState {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfter: number;
}

/**
 * Fixed-window counters in PostgreSQL (table rate_counters), shared by every API instance and kept
 * across restarts. A window starts at the first hit of a key and lasts `windowMs`; the first hit
 * after it ends starts a new one. Counting is one atomic upsert, so parallel requests on several
 * instances each get their own number and none slips past a limit. Keys name what is counted and
 * never hold an address in clear (callers hash e-mail addresses). See docs/decisions/073.
 */
export class Throttle {
  constructor(private readonly db: Executor) {}

  /** Counts one hit of `key` and returns the count in its window. */
  async hit(key: string, windowMs: number, exec: Executor = this.db): Promise<CounterState> {
    const secs = Math.max(1, Math.ceil(windowMs / 1000));
    const r = await exec.execute<{ hits: number; left: string }>(sql`
      insert into rate_counters as t (key, hits, window_started_at, window_ends_at)
      values (${key}, 1, now(), now() + make_interval(secs => ${secs}))
      on conflict (key) do update set
        hits = case when t.window_ends_at <= now() then 1 else t.hits + 1 end,
        window_started_at = case when t.window_ends_at <= now() then now() else t.window_started_at end,
        window_ends_at = case when t.window_ends_at <= now() then now() + make_interval(secs => ${secs}) else t.window_ends_at end
      returning hits, extract(epoch from window_ends_at - now())::text as left`);
    const row = r.rows[0];
    return { hits: Number(row?.hits ?? 1), retryAfter: Math.max(1, Math.ceil(Number(row?.left ?? secs))) };
  }

  /** The count of `key` in a window still running, without counting; undefined when none runs. */
  async peek(key: string, exec: Executor = this.db): Promise<CounterState | undefined> {
    const r = await exec.execute<{ hits: number; left: string }>(sql`
      select hits, extract(epoch from window_ends_at - now())::text as left
        from rate_counters where key = ${key} and window_ends_at > now()`);
    const row = r.rows[0];
    return row ? { hits: Number(row.hits), retryAfter: Math.max(1, Math.ceil(Number(row.left))) } : undefined;
  }

  /** Starts a new, empty window of `windowMs` for `key` (e.g. a new code: its guesses count from 0). */
  async restart(key: string, windowMs: number, exec: Executor = this.db): Promise<void> {
    const secs = Math.max(1, Math.ceil(windowMs / 1000));
    await exec.execute(sql`
      insert into rate_counters as t (key, hits, window_started_at, window_ends_at)
      values (${key}, 0, now(), now() + make_interval(secs => ${secs}))
      on conflict (key) do update set hits = 0, window_started_at = now(), window_ends_at = now() + make_interval(secs => ${secs})`);
  }

  /** Forgets `key` (e.g. the failures of a device once its owner signed in). */
  async clear(key: string, exec: Executor = this.db): Promise<void> {
    await exec.execute(sql`delete from rate_counters where key = ${key}`);
  }
}
