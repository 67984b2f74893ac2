import type { Sim } from '@app/shared/contracts/sims';

/** A US number as people write it: +1 (646) 555-0181; anything else as it came. */
export function formatNumber(mdn: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(mdn);
  return m ? `+1 (${m[1]}) ${m[2]}-${m[3]}` : mdn;
}

/** The plan the SIM runs on now (the current period's), or the one it was sold with. */
export function currentPlan(sim: Sim) {
  return sim.simSubscription.planSubscription?.plan ?? sim.simPlan;
}

/** Whether the subscriber can start the network activation themselves (paid plan, not started). */
export function canActivate(sim: Sim): boolean {
  return !sim.pendingAction && (sim.status.status === 'inactive' || sim.problem?.code === 'PROBLEM_WITH_ACTIVATION');
}
