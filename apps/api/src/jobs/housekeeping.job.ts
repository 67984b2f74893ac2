import type { Logger } from '../lib/logger.js';
import type { AuthService } from '../modules/accounts/auth.service.js';
import type { JobDefinition, JobQueue } from './queue.js';

export const HOUSEKEEPING_JOB = 'housekeeping';

/**
 * Periodic clean-up (once per HOUSEKEEPING_EVERY_SECONDS across all instances): ended sessions,
 * dead verification codes and reset links, stale lockout rows, abandoned social sign-ins, and the
 * scheduler's own old period claims.
 */
export function housekeepingJob(deps: { auth: AuthService; queue: JobQueue; log: Logger }): JobDefinition<{ slot?: string }> {
  return {
    name: HOUSEKEEPING_JOB,
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 300,
    async handle(data) {
      const purged = await deps.auth.purgeExpired();
      const slots = await deps.queue.pruneSlots(7);
      deps.log.info({ slot: data.slot, purged, slots }, 'housekeeping done');
    },
  };
}
