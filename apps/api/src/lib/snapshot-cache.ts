import type { z } from 'zod';
import { buildCachedResponse, type CachedResponse } from './cached-response.js';

/**
 * Reference data (catalogue, rates, shipping) served from an in-process snapshot of its tables,
 * refreshed at most every `ttlMs`. Several API instances share one database and nothing tells them
 * when an operator edits a price, so a short TTL bounds how stale an instance can be; within it,
 * responses are pre-serialised (see cached-response.ts). An expired snapshot keeps serving while
 * one reload runs in the background, so no request waits on the database after the first load.
 * See docs/decisions/011-catalogue-cache.md.
 */
export const SNAPSHOT_TTL_MS = 30_000;

/** A ready response, or the promise of one while the first snapshot loads (rejects with AppError). */
export type Served = CachedResponse | Promise<CachedResponse>;

interface Stamped<S> {
  value: S;
  version: number;
  loadedAt: number;
}

export class SnapshotCache<S> {
  private current?: Stamped<S>;
  private loading?: Promise<Stamped<S>>;
  private version = 0;
  private readonly responses = new Map<string, { version: number; entry: CachedResponse }>();

  constructor(
    private readonly load: () => Promise<S>,
    private readonly onRefreshError: (err: unknown) => void,
    private readonly ttlMs = SNAPSHOT_TTL_MS,
  ) {}

  /** Forget the snapshot: the next read loads the tables again (after an edit, or in tests). */
  invalidate(): void {
    this.current = undefined;
    this.loading = undefined;
  }

  async warm(): Promise<void> {
    await this.snapshot();
  }

  /** The current snapshot, loading it first when there is none. */
  async get(): Promise<S> {
    return (await this.snapshot()).value;
  }

  /** Runs `fn` on the current snapshot: synchronously when there is one, after the load otherwise. */
  with<T>(fn: (snap: S, version: number) => T): T | Promise<T> {
    const snap = this.snapshot();
    return snap instanceof Promise ? snap.then((s) => fn(s.value, s.version)) : fn(snap.value, snap.version);
  }

  /**
   * The serialised response for `key` in snapshot `version`. When a reload leaves the content
   * unchanged the previous entry is kept, so ETags and compressed buffers survive the TTL.
   */
  respond<Schema extends z.ZodType>(version: number, key: string, schema: Schema, compute: () => z.input<Schema>): CachedResponse {
    const hit = this.responses.get(key);
    if (hit && hit.version === version) return hit.entry;
    const fresh = buildCachedResponse(schema, compute());
    const entry = hit && hit.entry.hash === fresh.hash ? hit.entry : fresh;
    this.responses.set(key, { version, entry });
    return entry;
  }

  private snapshot(): Promise<Stamped<S>> | Stamped<S> {
    const s = this.current;
    if (!s) return this.reload();
    if (Date.now() - s.loadedAt >= this.ttlMs && !this.loading) {
      this.reload().catch(this.onRefreshError);
    }
    return s;
  }

  private reload(): Promise<Stamped<S>> {
    if (this.loading) return this.loading;
    const loading = this.load().then((value) => {
      const snap = { value, version: ++this.version, loadedAt: Date.now() };
      // An invalidate() during the load means these rows may predate the change: don't keep them.
      if (this.loading === loading) {
        this.current = snap;
        this.loading = undefined;
        this.prune();
      }
      return snap;
    });
    loading.catch(() => {
      if (this.loading !== loading) return;
      this.loading = undefined;
      // Keep serving what we have and retry after another TTL, not on every request while the
      // database is away.
      if (this.current) this.current.loadedAt = Date.now();
    });
    this.loading = loading;
    return loading;
  }

  /** Entries of plans or countries that left the data would otherwise stay forever. */
  private prune(): void {
    for (const [key, { version }] of this.responses) if (version < this.version - 1) this.responses.delete(key);
  }
}
