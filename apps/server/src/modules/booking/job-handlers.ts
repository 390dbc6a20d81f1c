import type { TAppContext } from '../../context.ts';
import type { TJobHandlers } from '../../lib/jobs.ts';
import { expireLapsedHolds } from './expire-holds.ts';

/**
 * Background work of booking, for the job worker: each hold schedules a sweep at its
 * expiry, which marks every lapsed hold expired so the time shows as free again.
 */
export function bookingJobHandlers(ctx: Pick<TAppContext, 'db'>): TJobHandlers {
  return {
    'booking.expire_holds': async () => {
      await expireLapsedHolds(ctx.db);
    },
  };
}
