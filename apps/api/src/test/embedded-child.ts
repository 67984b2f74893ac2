// Started by embedded.test.ts as a separate Node process: starts an embedded cluster, reports its
// postgres pid, then waits to be killed like a crashed server would be.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded.js';

const [dataDir, port] = process.argv.slice(2);
await startEmbeddedPostgres({ dataDir: dataDir!, port: Number(port) });
const pgPid = readFileSync(path.join(dataDir!, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0];
process.stdout.write(`ready ${pgPid}\n`);
setInterval(() => {}, 1000);
