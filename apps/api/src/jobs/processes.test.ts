import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, testEnv, type TestDb } from '../test/helpers.js';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.js';

/**
 * The job queue across real processes: the server is started as it is in production (a separate
 * Node process on a shared PostgreSQL), killed without warning, started again, and run twice side by
 * side. Nothing here is simulated inside the test process.
 */

const apiDir = path.resolve(import.meta.dirname, '../..');
// The server runs in this Node process's child itself (tsx as a loader), not under the tsx CLI:
// the CLI is a parent that cannot pass SIGKILL on, so a 'killed' server went on running as an orphan
// (it kept taking the mail job with its stalled SMTP server, and the restarted one never got it).

interface Proc {
  child: ChildProcess;
  output: string[];
  ready: Promise<void>;
}

function startProcess(entry: 'server' | 'worker', env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', `src/${entry}.ts`], {
    cwd: apiDir,
    env: { ...process.env, ...testEnv, LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(...chunk.toString().split('\n').filter(Boolean));
      // A server is ready once it said so and its log named the port (the two lines arrive in
      // either order: the log is written asynchronously).
      const said = (text: string) => output.some((l) => l.includes(text));
      if (entry === 'worker' ? said('[worker] running jobs') : said('[server] ready') && said('"msg":"Server listening at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${entry} exited with ${code}:\n${output.join('\n')}`)));
  });
  return { child, output, ready };
}

async function stop(p: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill(signal);
  await exited;
}

const registration = (email: string) =>
  JSON.stringify({
    firstName: 'Crash',
    lastName: 'Test',
    email,
    phone: '+16465550199',
    password: 'Paper-Kite-Morning-4',
    confirmPassword: 'Paper-Kite-Morning-4',
  });

function portOf(p: Proc): number {
  const line = p.output.find((l) => l.includes('"msg":"Server listening at'));
  const m = line && /127\.0\.0\.1:(\d+)/.exec(line);
  if (!m) throw new Error(`no listening line in:\n${p.output.join('\n')}`);
  return Number(m[1]);
}

let db: TestDb;
beforeEach(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await db?.drop();
});

describe('a verification mail survives a hard kill of the server', () => {
  let first: Proc | undefined;
  let second: Proc | undefined;
  let peer: SmtpPeer | undefined;
  let stalling: SMTPServer | undefined;
  afterEach(async () => {
    await stop(first, 'SIGKILL');
    await stop(second);
    await peer?.close();
    await new Promise<void>((resolve) => (stalling ? stalling.close(() => resolve()) : resolve()));
  });

  it('is sent exactly once after SIGKILL in the middle of the send and a restart', async () => {
    // A mail server that takes the connection and then never answers MAIL FROM: the send is under
    // way, and nothing has been delivered, when the server dies.
    let sessionsSeen = 0;
    stalling = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        sessionsSeen++;
        callback();
      },
      onMailFrom() {
        // never calls back
      },
    });
    await new Promise<void>((resolve) => stalling!.listen(0, '127.0.0.1', resolve));
    const stallingPort = (stalling.server.address() as AddressInfo).port;

    const env = {
      DATABASE_URL: db.url,
      MAIL_SEND_TIMEOUT_SECONDS: '3',
      MAIL_RETRY_DELAY_SECONDS: '1',
      JOBS_MAINTENANCE_SECONDS: '1',
    };
    first = startProcess('server', { ...env, SMTP_URL: `smtp://127.0.0.1:${stallingPort}` });
    await first.ready;
    const email = `crash.${Date.now()}@example.org`;
    const res = await fetch(`http://127.0.0.1:${portOf(first)}/public/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: registration(email),
    });
    expect(res.status).toBe(201);
    // The worker has opened the SMTP session: the mail is being sent, not yet delivered.
    await expect.poll(() => sessionsSeen, { timeout: 10_000 }).toBeGreaterThan(0);
    await stop(first, 'SIGKILL');

    peer = await startSmtpPeer();
    second = startProcess('server', { ...env, SMTP_URL: peer.url });
    await second.ready;
    const mail = await peer.waitFor(email, { timeoutMs: 60_000 }).catch(async (e: unknown) => {
      const { rows } = await db.pool.query(`SELECT name, state, retry_count, start_after, started_on, expire_in, output FROM pgboss.job`);
      console.log(JSON.stringify(rows, null, 1), second!.output.join('\n'));
      throw e;
    });
    expect(mail.subject).toMatch(/^\d{6} is your .* verification code$/);
    // Give a duplicate every chance to appear: none does.
    await new Promise((r) => setTimeout(r, 4000));
    expect(peer.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    // The code in that one mail is the live one.
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const verified = await fetch(`http://127.0.0.1:${portOf(second)}/public/auth/verify/${code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(verified.status).toBe(200);
  }, 150_000);
});

describe('a scheduled job with two API processes on one database', () => {
  const procs: Proc[] = [];
  afterEach(async () => {
    for (const p of procs) await stop(p);
  });

  it('runs once per period, never twice', async () => {
    const period = 2;
    const env = { DATABASE_URL: db.url, HOUSEKEEPING_EVERY_SECONDS: String(period), JOBS_POLL_SECONDS: '0.5' };
    procs.push(startProcess('server', env), startProcess('server', env));
    await Promise.all(procs.map((p) => p.ready));
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 12_000));
    const elapsedPeriods = Math.floor((Date.now() - started) / 1000 / period);

    const { rows } = await db.pool.query<{ slot: string; runs: number; completed: number }>(
      `SELECT data->>'slot' AS slot, count(*)::int AS runs, count(*) FILTER (WHERE state = 'completed')::int AS completed
         FROM (SELECT data, state FROM pgboss.job WHERE name = 'housekeeping'
               UNION ALL SELECT data, state FROM pgboss.archive WHERE name = 'housekeeping') j
        GROUP BY 1 ORDER BY 1`,
    );
    // One job per period…
    expect(rows.length).toBeGreaterThanOrEqual(elapsedPeriods - 1);
    expect(rows.every((r) => r.runs === 1)).toBe(true);
    // …each run to completion once, by one process or the other.
    const done = procs.flatMap((p) => p.output.filter((l) => l.includes('"msg":"housekeeping done"')));
    const slotsDone = done.map((l) => (JSON.parse(l) as { slot: string }).slot);
    expect(new Set(slotsDone).size).toBe(slotsDone.length);
    expect(slotsDone.length).toBeGreaterThanOrEqual(elapsedPeriods - 2);
    // Consecutive periods, no gap and no double.
    const starts = rows.map((r) => Date.parse(r.slot.replace(' ', 'T').replace(/\+00$/, 'Z')));
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBe(period * 1000);
  }, 180_000);
});
