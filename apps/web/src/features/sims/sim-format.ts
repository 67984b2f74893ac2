import type { Sim } from '@app/shared/contracts/sims';

/** The plan the SIM runs on now (the current period's), or the one it was sold with. */
export function currentPlan(sim: Sim) {
  return sim.simSubscription.planSubscription?.plan ?? sim.simPlan;
}

/** Whether the subscriber can start the network activation themselves (paid plan, not started). */
export function canActivate(sim: Sim): boolean {
  return !sim.pendingAction && (sim.status.status === 'inactive' || sim.problem?.code === 'PROBLEM_WITH_ACTIVATION');
}
