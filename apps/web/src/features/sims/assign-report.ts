import { MAX_SIM_LINES, type SimLineProblem } from '@app/shared/rules/sim-numbers';
import type { SimAssignResult } from '@app/shared/contracts/sims';
import { readItem, writeItem } from '../../lib/storage';
import { StorageKey } from '../../lib/storage-keys';

/**
 * The report of one /dashboard/add-sims run, line by line, kept in sessionStorage so /assign-result
 * survives a reload (and is gone with the tab or at sign-out, like the session's other data).
 */

export type AssignOutcome =
  /** Joined the account. */
  | 'assigned'
  /** Was in the account already: nothing changed. */
  | 'already_yours'
  /** Unknown, or in another account (the server answers both alike). */
  | 'not_found'
  /** A card the network knows but that was sold without a plan. */
  | 'no_plan'
  /** Checked in the browser and not sent (format, check digit, repeat, over the limit). */
  | 'invalid'
  /** Sent, but no answer came back (connection, server busy): worth trying again. */
  | 'failed'
  /** The person stopped the run before this line was sent. */
  | 'not_sent';

export interface AssignReportLine {
  line: number;
  /** The number as typed. */
  raw: string;
  outcome: AssignOutcome;
  problem?: SimLineProblem;
  /** For a repeat: the line it repeats. */
  firstLine?: number;
  sim?: { id: string; kind: 'physical' | 'esim'; mdn: string | null; badge: string };
}

export interface AssignReport {
  finishedAt: string;
  lines: AssignReportLine[];
  /** The run ended early because the server refused more tries for now (429, decision 228). */
  stopped?: 'limit';
  /** When the server said tries are allowed again (its Retry-After), for a run stopped by the limit. */
  retryAt?: string;
}

export function simOfResult(result: SimAssignResult): NonNullable<AssignReportLine['sim']> {
  return { id: result.sim.id, kind: result.sim.kind, mdn: result.sim.mdn, badge: result.sim.status.status };
}

export function saveAssignReport(report: AssignReport): void {
  writeItem(StorageKey.assignReport, JSON.stringify(report), 'session');
}

const OUTCOMES: readonly AssignOutcome[] = ['assigned', 'already_yours', 'not_found', 'no_plan', 'invalid', 'failed', 'not_sent'];

/** The stored report, or null when there is none (or it is not one we wrote). */
export function readAssignReport(): AssignReport | null {
  const text = readItem(StorageKey.assignReport, 'session');
  if (!text) return null;
  try {
    const value = JSON.parse(text) as AssignReport;
    if (typeof value.finishedAt !== 'string' || !Array.isArray(value.lines)) return null;
    const lines = value.lines.filter((l) => typeof l?.line === 'number' && typeof l.raw === 'string' && OUTCOMES.includes(l.outcome));
    return {
      finishedAt: value.finishedAt,
      lines,
      ...(value.stopped === 'limit' ? { stopped: 'limit' as const } : {}),
      ...(typeof value.retryAt === 'string' && !Number.isNaN(Date.parse(value.retryAt)) ? { retryAt: value.retryAt } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The sentence for a line the browser refused (or will refuse) to send. Numbers go in formatted,
 * in the page's digits (decision 223).
 */
export function lineProblemMessage(
  line: Pick<AssignReportLine, 'problem' | 'firstLine'>,
  formatNumber: (n: number) => string,
): { id: string; values?: Record<string, string> } {
  switch (line.problem) {
    case 'checksum':
      return { id: 'addSims.problem.checksum' };
    case 'duplicate':
      return { id: 'addSims.problem.duplicate', values: { line: formatNumber(line.firstLine ?? 0) } };
    case 'too_many':
      return { id: 'addSims.problem.tooMany', values: { max: formatNumber(MAX_SIM_LINES) } };
    default:
      return { id: 'addSims.problem.format' };
  }
}

