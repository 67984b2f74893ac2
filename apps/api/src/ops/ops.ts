import { configOrExit, startRuntime } from '../runtime.js';
import { findOpsCommand, opsCommands, type OpsOutput } from './commands.js';
import './register.js';

/**
 * `npm run ops -- <command> [args]`: runs one operator command against the configured database
 * (the same DATABASE_URL or embedded data folder as the server) and exits. Mail and other jobs the
 * command queues are sent by the server's (or `npm run worker`'s) job worker.
 */
const out: OpsOutput = {
  line: (text) => console.log(text),
  table: (rows) => (rows.length ? console.table(rows) : console.log('(none)')),
};

function help() {
  console.log('Usage: npm run ops -- <command> [args]\n');
  for (const c of opsCommands) console.log(`  ${c.name.padEnd(22)} ${c.usage}`);
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    help();
    return;
  }
  const found = findOpsCommand(argv);
  if (!found) {
    console.error(`Unknown command: ${argv.join(' ')}\n`);
    help();
    process.exit(2);
  }
  const config = configOrExit();
  // Quiet start: the operator wants the command's output, not the server's start-up lines.
  const runtime = await startRuntime({ ...config, LOG_LEVEL: 'warn' }, 'ops', { quiet: true });
  try {
    await found.command.run(runtime.container, found.args, out);
  } catch (e) {
    const err = e as { message?: string; code?: string };
    console.error(`Refused: ${err.code ? `${err.code}: ` : ''}${err.message ?? String(e)}`);
    process.exitCode = 1;
  } finally {
    await runtime.stop();
  }
  process.exit(process.exitCode ?? 0);
}

main().catch((e: unknown) => {
  console.error(`[ops] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
