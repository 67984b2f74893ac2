import type { ApiError } from '../../lib/api-client';

/** Port-in answers that belong at the number field, with their catalogue message (spec §8). */
export const NUMBER_CODES: Record<string, string> = {
  PORT_NUMBER_INVALID: 'port.error.invalid',
  PORT_NUMBER_NOT_ELIGIBLE: 'port.error.notEligible',
  MDN_NOT_ELIGIBLE_FOR_PORTING: 'port.error.alreadyOurs',
};

/** Other refusals of a port-in request, said in our words. */
export function portErrorMessageId(error: ApiError): string {
  switch (error.code) {
    case 'SIM_NOT_ACTIVE':
      return 'port.error.simNotActive';
    case 'SIM_NOT_ACTIVATABLE':
      return 'port.error.simNotActivatable';
    case 'SIM_ACTION_PENDING':
      return 'port.error.simBusy';
    case 'PORT_NOT_CANCELABLE':
      return 'port.error.notCancelable';
    case 'PORT_NOT_RESUBMITTABLE':
      return 'port.error.notResubmittable';
    default:
      return error.kind === 'network' ? 'error.network' : 'error.somethingWentWrong';
  }
}
