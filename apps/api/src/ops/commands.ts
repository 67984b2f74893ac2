import type { Container } from '../container.js';

/**
 * Operator commands (`npm run ops -- <command> [args]`): there is no admin site, so operators act
 * through these. Each is a thin call of the same services the API uses, with the same checks; it
 * prints what it did and throws on refusal (the runner prints the error and exits 1).
 */
export interface OpsCommand {
  /** One or two words, e.g. 'orders pending' or 'sims import'. */
  readonly name: string;
  /** Arguments and what the command does, for `ops help`. */
  readonly usage: string;
  run(container: Container, args: string[], out: OpsOutput): Promise<void>;
}

export interface OpsOutput {
  line(text: string): void;
  table(rows: readonly Record<string, unknown>[]): void;
}

/** Every command, registered by the feature that owns it (add yours to the list below). */
export const opsCommands: OpsCommand[] = [];

export function registerOpsCommands(...commands: OpsCommand[]): void {
  for (const c of commands) {
    if (opsCommands.some((o) => o.name === c.name)) throw new Error(`ops command ${c.name} registered twice`);
    opsCommands.push(c);
  }
}

/** The command whose (one- or two-word) name starts `argv`, and the arguments after it. */
export function findOpsCommand(argv: readonly string[]): { command: OpsCommand; args: string[] } | undefined {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    const command = opsCommands.find((c) => c.name === name);
    if (command) return { command, args: argv.slice(words) };
  }
  return undefined;
}

/** Reads `--name value` and `--flag` options; the rest stay positional. */
export function parseOptions(args: readonly string[]): { positional: string[]; options: Record<string, string | true> } {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a.startsWith('--')) {
      const [key, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      const next = args[i + 1];
      if (inline !== undefined) options[key] = inline;
      else if (next !== undefined && !next.startsWith('--')) {
        options[key] = next;
        i++;
      } else options[key] = true;
    } else positional.push(a);
  }
  return { positional, options };
}
