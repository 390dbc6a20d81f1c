import { z } from 'zod';
import type { TAppContext } from '../../context.ts';
import { scheduleJob, type TJob, type TJobHandlers } from '../../lib/jobs.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { localizeMail } from './layout.ts';
import { loadSlotMail, type TSlotMailData } from './load-slot-mail.ts';
import { createMailer, type TMail, type TMailer } from './mailer.ts';
import { recipientLanguage } from './recipient-language.ts';
import { renderBookingCancelled } from './render-booking-cancelled.ts';
import { renderBookingConfirmed } from './render-booking-confirmed.ts';
import { renderBookingRescheduled } from './render-booking-rescheduled.ts';
import { renderBusinessInvite } from './render-business-invite.ts';
import { renderDataExportReady } from './render-data-export-ready.ts';
import { renderPartnerErased } from './render-partner-erased.ts';
import { renderPaymentReceipt } from './render-payment-receipt.ts';
import { renderReminder } from './render-reminder.ts';
import { renderTherapistNoShow } from './render-therapist-no-show.ts';
import { renderTherapistReminder } from './render-therapist-reminder.ts';

const HOUR = 3_600_000;
const id = z.number().int().positive();
const ZSlotPayload = z.object({ slot_id: id });
const ZRescheduledPayload = z.object({ slot_id: id, previous_slot_id: id });
const ZCancelledPayload = z.object({
  slot_id: id,
  session_returned: z.boolean().default(false),
  by: z.enum(['client', 'therapist', 'erased']).default('client'),
});
const ZReminderPayload = z.object({ slot_id: id, starts_at: z.string(), before: z.enum(['24h', '1h']) });
const ZNoShowPayload = z.object({ slot_id: id, session_returned: z.boolean().default(false) });
const ZReceiptPayload = z.object({ purchase_id: id });
const ZInvitePayload = z.object({ employee_id: id });
const ZDataExportPayload = z.object({ export_id: id });
/** The event an .ics attachment was made from (its time as JSON gives it), for the recipient's language (layout.ts). */
const ZCalendarEventPayload = z.object({
  uid: z.string(),
  sequence: z.number().int(),
  startsAt: z.coerce.date(),
  durationMin: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  cancelled: z.boolean().optional(),
});
const ZSendPayload = z.object({
  mail: z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    attachments: z
      .array(
        z.object({
          filename: z.string(),
          content: z.string(),
          contentType: z.string(),
          calendar: ZCalendarEventPayload.optional(),
        }),
      )
      .optional(),
  }),
});

/**
 * Mail jobs by kind, for the job worker. Each handler reads the current state and sends
 * nothing when the mail no longer fits it (a reminder for a session that moved or was
 * cancelled). The queue makes one job per dedupe key and runs it again only when it failed
 * or its worker died mid-run, so a restart neither loses nor repeats a mail (short of a crash
 * between sending and recording it).
 */
export function notificationJobHandlers(
  ctx: Pick<TAppContext, 'db' | 'config' | 'hashids'>,
  transport: TMailer = createMailer(ctx.config),
): TJobHandlers {
  // Every mail links to its page: PUBLIC_URL, or in development the address the server listens at (as the README
  // says); staging and production refuse to start without PUBLIC_URL.
  const options = { publicUrl: publicBaseUrl(ctx.config) };
  // Every mail leaves in its recipient's language (their saved choice; Russian for everyone else).
  const mailer: TMailer = {
    send: async (mail) => transport.send(localizeMail(mail, await recipientLanguage(ctx.db, mail.to))),
  };
  // A mail to several people becomes one 'email.send' job per recipient, so a failure on the
  // second retries only the second and never sends the first twice.
  const sendAll = async (job: TJob, mails: readonly TMail[]) => {
    for (const [index, mail] of mails.entries()) {
      await scheduleJob(ctx.db, { kind: 'email.send', dedupeKey: `${job.dedupeKey}:mail-${index}`, payload: { mail } });
    }
  };
  const slotData = async (slotId: number): Promise<TSlotMailData | null> => loadSlotMail(ctx.db, ctx.hashids, slotId);

  /** A reminder fits while the session is booked at the time it was made for and is still ahead. */
  const reminderData = async (payload: z.infer<typeof ZReminderPayload>) => {
    const data = await slotData(payload.slot_id);
    // Only for a session still booked at the time the reminder was made for.
    if (data?.slot.status !== 'booked' || data.slot.startsAt.toISOString() !== payload.starts_at) return null;
    const startsIn = data.slot.startsAt.getTime() - Date.now();
    if (startsIn <= 0) return null;
    // A 24 h reminder that ran late (the worker was down) gives way to the 1 h one.
    if (payload.before === '24h' && startsIn <= HOUR) return null;
    return data;
  };

  return {
    'email.send': async (job) => {
      await mailer.send(ZSendPayload.parse(job.payload).mail);
    },
    'email.business_invite': async (job) => {
      const mail = await renderBusinessInvite(ctx.db, ZInvitePayload.parse(job.payload).employee_id, options);
      if (mail) await sendAll(job, [mail]);
    },
    'email.data_export_ready': async (job) => {
      const mail = await renderDataExportReady(ctx.db, ZDataExportPayload.parse(job.payload).export_id, options);
      if (mail) await mailer.send(mail);
    },
    'email.booking_confirmed': async (job: TJob) => {
      const data = await slotData(ZSlotPayload.parse(job.payload).slot_id);
      if (data?.slot.status !== 'booked') return;
      await sendAll(job, renderBookingConfirmed(data, options));
    },
    'email.booking_rescheduled': async (job) => {
      const payload = ZRescheduledPayload.parse(job.payload);
      const data = await slotData(payload.slot_id);
      const previous = await slotData(payload.previous_slot_id);
      if (data?.slot.status !== 'booked' || !previous) return;
      await sendAll(job, renderBookingRescheduled(data, previous.slot.startsAt, options));
    },
    'email.booking_cancelled': async (job) => {
      const payload = ZCancelledPayload.parse(job.payload);
      const data = await slotData(payload.slot_id);
      if (data?.slot.status !== 'cancelled' && data?.slot.status !== 'late_cancelled') return;
      await sendAll(
        job,
        renderBookingCancelled(data, { sessionReturned: payload.session_returned, by: payload.by, ...options }),
      );
    },
    'email.partner_erased': async (job) => {
      const data = await slotData(ZSlotPayload.parse(job.payload).slot_id);
      // Only while the session still stands ahead: one cancelled or over by now has had its own mail.
      if (data?.slot.status !== 'booked' || data.slot.startsAt.getTime() <= Date.now()) return;
      await sendAll(job, renderPartnerErased(data, options));
    },
    'email.reminder': async (job) => {
      const payload = ZReminderPayload.parse(job.payload);
      const data = await reminderData(payload);
      if (data) await mailer.send(renderReminder(data, payload.before, options));
    },
    'email.therapist_reminder': async (job) => {
      const payload = ZReminderPayload.parse(job.payload);
      const data = await reminderData(payload);
      if (data) await mailer.send(renderTherapistReminder(data, payload.before, options));
    },
    'email.therapist_no_show': async (job) => {
      const payload = ZNoShowPayload.parse(job.payload);
      const data = await slotData(payload.slot_id);
      // Only while the session stands as the therapist's no-show (a correction may have undone it).
      if (data?.slot.status !== 'cancelled' || data.slot.cancelReason !== 'therapist_no_show') return;
      await mailer.send(renderTherapistNoShow(data, { sessionReturned: payload.session_returned, ...options }));
    },
    'email.payment_receipt': async (job) => {
      const mail = await renderPaymentReceipt(
        ctx.db,
        ctx.hashids,
        ZReceiptPayload.parse(job.payload).purchase_id,
        options,
      );
      if (mail) await mailer.send(mail);
    },
  };
}
