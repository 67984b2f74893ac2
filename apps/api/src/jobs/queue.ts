import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from '../db/executor.js';
import type { Logger } from '../lib/logger.js';
import { withoutAddresses } from '../lib/redact.js';

/**
 * Durable jobs on PostgreSQL (pg-boss 10, schema `pgboss` in our own database). Anything that must
 * survive a crash or talks to a third party that can fail goes through here: the job row is written
 * in the same transaction as the change that wants it (pass `exec`), so either both happen or
 * neither; a worker picks it up, and a failure is retried with backoff. Handlers live in jobs/ and
 * call services. See docs/decisions/051-durable-jobs.md.
 */

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export interface JobDefinition<T extends object = object> {
  readonly name: string;
  /** Attempts after the first (pg-boss retryLimit). */
  readonly retryLimit: number;
  /** Seconds before the first retry; doubled each time when `retryBackoff`. */
  readonly retryDelaySeconds: number;
  readonly retryBackoff: boolean;
  /** A run still going after this long is treated as failed (e.g. the process died) and retried. */
  readonly expireInSeconds: number;
  handle(data: T, job: JobContext): Promise<void>;
}

/** A job enqueued once per period however many instances run the scheduler. */
export interface ScheduleDefinition {
  readonly job: string;
  readonly everySeconds: number;
}

export interface QueueSettings {
  pollSeconds: number;
  maintenanceSeconds: number;
}

export interface SendOptions {
  /** The open transaction the job belongs to: committed or rolled back with it. */
  exec?: Executor;
  /** A later start (seconds from now). */
  startAfterSeconds?: number;
  /** Deduplicates while a job with the same key is waiting (pg-boss singletonKey). */
  singletonKey?: string;
}

/** pg-boss gives SQL text with $n placeholders; drizzle binds values itself. */
export function toDrizzleSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else {
      chunks.push(sql`${values[Number(part) - 1] ?? null}`);
    }
  });
  return sql.join(chunks);
}

/** pg-boss's db seam over an open drizzle transaction. */
function executorDb(exec: Executor): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await exec.execute(toDrizzleSql(text, values));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

/**
 * What a query answers once the queue is closed: nothing, except pg-boss's complete/fail/cancel
 * commands, which read `rows[0].count` and threw an unhandled TypeError on an empty answer (seen
 * when a job finished just after stop()).
 */
function afterClose(text: string): { rows: Record<string, unknown>[] } {
  return /SELECT COUNT\(\*\)( as count)? FROM/i.test(text) ? { rows: [{ count: '0' }] } : { rows: [] };
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly schedules: ScheduleDefinition[] = [];
  private readonly workerIds = new Map<string, string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private started = false;
  private working = false;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly settings: QueueSettings,
    private readonly log: Logger,
  ) {
    this.boss = new PgBoss({
      // Our pool: no second set of connections, and the same database as everything else. After
      // stop(), pg-boss may still try to record the end of a job it was running; the owner may have
      // closed the pool by then, and the job is simply retried after it expires, as after a crash.
      db: {
        executeSql: (text, values) => (this.closed ? Promise.resolve(afterClose(text)) : pool.query(text, values as unknown[])),
      },
      schema: 'pgboss',
      maintenanceIntervalSeconds: settings.maintenanceSeconds,
      monitorStateIntervalSeconds: 60,
      // Our own scheduler (below) handles periodic jobs; pg-boss's minute-grained cron is not used.
      schedule: false,
    });
    this.boss.on('error', (err: Error) => this.log.warn({ reason: err.message }, 'job queue error'));
  }

  define(def: JobDefinition<never>): void {
    this.definitions.set(def.name, def as unknown as JobDefinition);
  }

  schedule(def: ScheduleDefinition): void {
    if (!this.definitions.has(def.job)) throw new Error(`schedule for unknown job ${def.job}`);
    this.schedules.push(def);
  }

  /** Installs or upgrades the pgboss schema and the queues. Safe for several instances at once. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const def of this.definitions.values()) {
      const options = {
        name: def.name,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
      };
      if (!(await this.boss.getQueue(def.name))) {
        try {
          await this.boss.createQueue(def.name, options);
        } catch {
          // Another instance created it between our look and our insert.
        }
      }
      await this.boss.updateQueue(def.name, options);
    }
    this.started = true;
  }

  /** Runs the handlers and the scheduler in this process (API with worker, or the worker alone). */
  async work(): Promise<void> {
    if (!this.started) await this.start();
    if (this.working) return;
    this.working = true;
    for (const def of this.definitions.values()) {
      // The handler needs its own worker's id, which pg-boss gives only once `work` returns.
      let id = '';
      const workerId = await this.boss.work<object>(
        def.name,
        { pollingIntervalSeconds: this.settings.pollSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          // pg-boss waits a whole polling interval after each batch, even with jobs waiting, so a
          // burst (fifty activations) would drain at one job per interval. A worker that just ran a
          // job looks again at once; only an empty queue waits for the next poll.
          const lookAgain = () => this.boss.notifyWorker(id);
          try {
            await def.handle(job.data, { id: job.id, retryCount: job.retryCount });
            lookAgain();
          } catch (err) {
            lookAgain();
            const reason = withoutAddresses(String((err as Error).message ?? err));
            this.log.warn({ job: def.name, attempt: job.retryCount + 1, reason }, 'job failed');
            // pg-boss keeps the error with the job row: the scrubbed reason only.
            throw new Error(reason);
          }
        },
      );
      id = workerId;
      this.workerIds.set(def.name, id);
    }
    for (const s of this.schedules) this.startSchedule(s);
  }

  get isWorking(): boolean {
    return this.working;
  }

  /** Names of the defined jobs (metrics report the depth of each). */
  names(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Whether some worker, in this process or another, is running the scheduler: only workers claim
   * schedule periods, so a claim for the current or the previous period of the most frequent
   * schedule proves one is alive (readiness of an API that runs with JOBS_WORKER=false).
   */
  async workerSeen(): Promise<boolean> {
    if (this.working) return true;
    const every = Math.min(...this.schedules.map((s) => s.everySeconds));
    if (!Number.isFinite(every)) return false;
    const { rows } = await this.pool.query<{ seen: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM job_schedule_slots WHERE slot_start >= now() - make_interval(secs => $1)) AS seen`,
      [every * 2 + 30],
    );
    return rows[0]?.seen === true;
  }

  /**
   * Jobs per name and state, in one query (metrics): waiting (created or waiting for a retry),
   * running, and failed for good (retries used up) among the jobs pg-boss still keeps.
   */
  async stats(): Promise<{ name: string; waiting: number; active: number; failed: number }[]> {
    const { rows } = await this.pool.query<{ name: string; waiting: string; active: string; failed: string }>(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry'))::text AS waiting,
              count(*) FILTER (WHERE state = 'active')::text AS active,
              count(*) FILTER (WHERE state = 'failed')::text AS failed
         FROM pgboss.job GROUP BY name`,
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    return this.names().map((name) => {
      const r = byName.get(name);
      return { name, waiting: Number(r?.waiting ?? 0), active: Number(r?.active ?? 0), failed: Number(r?.failed ?? 0) };
    });
  }

  /**
   * The values of `data[field]` over the jobs of `name` still waiting or running: which business keys
   * (an order id) have a job that may yet succeed. A job that used up its retries is not among them.
   */
  async liveKeys(name: string, field: string): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ key: string | null }>(
      `SELECT DISTINCT data->>$2 AS key FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [name, field],
    );
    return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`);
    const id = await this.boss.send(name, data, {
      ...(options.exec ? { db: executorDb(options.exec) } : {}),
      // An absolute time, not seconds: pg-boss reads its start_after parameter both as text and as a
      // timestamp, and toDrizzleSql binds each occurrence separately, so only an ISO time fits both.
      ...(options.startAfterSeconds ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
    // A worker in this process looks at once instead of at its next poll (after the caller's
    // transaction has had a moment to commit; the poll catches anything later).
    const worker = this.workerIds.get(name);
    if (worker) {
      const wake = () => this.boss.notifyWorker(worker);
      if (options.exec) {
        // Twice: a long transaction may not have committed at the first look.
        setTimeout(wake, 30).unref();
        setTimeout(wake, 300).unref();
      } else {
        wake();
      }
    }
    return id;
  }

  /** Jobs of `name` waiting or running (for readiness and metrics). */
  async size(name: string): Promise<number> {
    return this.boss.getQueueSize(name);
  }

  /**
   * Claims the current period of a schedule and enqueues its job in one transaction. The slot row's
   * primary key makes the claim exclusive, and the database clock defines the period, so every
   * instance agrees on it whatever its own clock says.
   */
  async tick(s: ScheduleDefinition): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ slot: string }>(
        `INSERT INTO job_schedule_slots (job, slot_start)
         VALUES ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2))
         ON CONFLICT DO NOTHING
         RETURNING slot_start::text AS slot`,
        [s.job, s.everySeconds],
      );
      const slot = rows[0]?.slot;
      if (slot) {
        await this.boss.send(s.job, { slot }, { db: { executeSql: (text, values) => client.query(text, values as unknown[]) } });
      }
      await client.query('COMMIT');
      if (slot) {
        const worker = this.workerIds.get(s.job);
        if (worker) this.boss.notifyWorker(worker);
      }
      return slot !== undefined;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /** Forgets period claims older than `days` (the housekeeping job). */
  async pruneSlots(days: number): Promise<number> {
    const r = await this.pool.query(`DELETE FROM job_schedule_slots WHERE slot_start < now() - make_interval(days => $1)`, [days]);
    return r.rowCount ?? 0;
  }

  private startSchedule(s: ScheduleDefinition) {
    // Several looks per period, so a slot is claimed early in it even if one look is late.
    const every = Math.min(30_000, Math.max(500, (s.everySeconds * 1000) / 4));
    const run = () =>
      this.tick(s).catch((err: Error) => this.log.warn({ job: s.job, reason: err.message }, 'schedule tick failed'));
    void run();
    const timer = setInterval(run, every);
    timer.unref();
    this.timers.push(timer);
  }

  async stop(): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
    if (!this.started) return;
    this.started = false;
    this.working = false;
    // Running handlers get a few seconds to finish; what is cut off is retried after it expires.
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false }).catch(() => {});
    this.closed = true;
  }
}
