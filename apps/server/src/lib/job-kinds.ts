import type { QueueOptions } from 'pg-boss';

/**
 * Every kind of background job, one pg-boss queue each, created when the queue opens, with
 * how it retries where it differs from JOB_DEFAULTS (lib/job-queue.ts).
 * Scheduling a kind missing here is a type error, and the worker refuses to start without a
 * handler for each.
 */
export const JOB_KINDS = {
  /** One mail to one person; an SMTP outage can last, so it is tried longer. */
  'email.send': { retryLimit: 10 },
  'email.booking_confirmed': {},
  'email.booking_rescheduled': {},
  'email.booking_cancelled': {},
  /** The partner of a couple session deleted their account: the booking client and the therapist are told it stays. */
  'email.partner_erased': {},
  'email.reminder': {},
  /** The therapist's own reminders (24 h and 1 h before), with the link to the call page. */
  'email.therapist_reminder': {},
  /** The client is told their session went back to the pass because the therapist did not come. */
  'email.therapist_no_show': {},
  'email.payment_receipt': {},
  'booking.expire_holds': {},
  /** The sweep that records how ended sessions went; each run schedules the next. */
  'sessions.record_ends': {},
  'payments.reconcile_purchase': {},
  /** Builds one employees report (XLSX and CSV); a crash mid-build runs it again from the start. */
  'business.build_report': { retryLimit: 3 },
  /** One invitation mail to a new employee. */
  'email.business_invite': {},
  /** Builds a client's «Скачать мои данные» archive; a crash mid-build runs it again from the start. */
  'privacy.build_data_export': { retryLimit: 3 },
  /** At an archive's expiry (7 days): deletes the files of every archive past it. */
  'privacy.delete_data_export': {},
  /** Tells the client their archive is ready, with the link to the page. */
  'email.data_export_ready': {},
} satisfies Record<string, QueueOptions>;

export type TJobKind = keyof typeof JOB_KINDS;
