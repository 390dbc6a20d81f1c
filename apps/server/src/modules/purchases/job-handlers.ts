import type { TAppContext } from '../../context.ts';
import { scheduleJob, type TJobHandlers } from '../../lib/jobs.ts';
import type { TPaymentProviders } from '../payment-providers/payment-providers.ts';
import { RECONCILE_JOB, reconcilePurchase } from './reconcile-purchases.ts';

/** Asked again while the provider still has the checkout open: every 30 minutes, for two days. */
const RETRY_MS = 30 * 60_000;
const MAX_ATTEMPTS = 96;

/**
 * Handlers of the purchase jobs, for the job worker (main.ts). Payment receipts
 * (`email.payment_receipt`) belong to the notifications handlers.
 */
export function purchaseJobHandlers(ctx: TAppContext, payments: TPaymentProviders): TJobHandlers {
  return {
    [RECONCILE_JOB]: async (job) => {
      const purchaseId = Number(job.payload.purchase_id);
      const attempt = Number(job.payload.attempt ?? 0);
      if (!Number.isInteger(purchaseId)) return;
      const status = await reconcilePurchase(ctx, payments, purchaseId);
      if (status !== 'pending' || attempt + 1 >= MAX_ATTEMPTS) return;
      await scheduleJob(ctx.db, {
        kind: RECONCILE_JOB,
        dedupeKey: `reconcile:${purchaseId}:${attempt + 1}`,
        runAt: new Date(Date.now() + RETRY_MS),
        payload: { purchase_id: purchaseId, attempt: attempt + 1 },
      });
    },
  };
}
