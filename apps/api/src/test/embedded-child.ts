// Started by embedded.test.ts as a separate Node process: starts an embedded cluster, reports its
// postgres pid and the exit/signal listeners loading and starting it added, then waits to be
// killed like a crashed server would be.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'exit'] as const;
const before = events.map((e) => process.listenerCount(e));
const { startEmbeddedPostgres } = await import('../db/embedded.js');
const [dataDir, port] = process.argv.slice(2);
await startEmbeddedPostgres({ dataDir: dataDir!, port: Number(port) });
const added = events.map((e, i) => process.listenerCount(e) - before[i]!).join(',');
const pgPid = readFileSync(path.join(dataDir!, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0];
process.stdout.write(`ready ${pgPid} hooks=${added}\n`);
setInterval(() => {}, 1000);
