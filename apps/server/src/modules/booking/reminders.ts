import { cancelJobs, scheduleJob, type TExecutor } from '../../lib/jobs.ts';

const HOUR = 3_600_000;
export const REMINDERS = [
  ['24h', 24 * HOUR],
  ['1h', HOUR],
] as const;
export type TReminderLabel = (typeof REMINDERS)[number][0];

/** One key per slot, time and reminder: a moved session gets new keys, the old ones are cancelled. */
export const reminderKey = (label: TReminderLabel, slot: { id: number; startsAt: Date }) =>
  `reminder-${label}:${slot.id}:${slot.startsAt.toISOString()}`;

/** The therapist's reminder of the same slot, time and label. */
export const therapistReminderKey = (label: TReminderLabel, slot: { id: number; startsAt: Date }) =>
  `therapist-${reminderKey(label, slot)}`;

/**
 * Reminders 24 h and 1 h before the start, to the client and (a kind of its own) to the
 * therapist; one whose time has passed is not scheduled.
 */
export async function scheduleReminders(db: TExecutor, slot: { id: number; startsAt: Date }): Promise<void> {
  const at = slot.startsAt.toISOString();
  for (const [label, before] of REMINDERS) {
    const runAt = new Date(slot.startsAt.getTime() - before);
    if (runAt.getTime() <= Date.now()) continue;
    const payload = { slot_id: slot.id, starts_at: at, before: label };
    await scheduleJob(db, { kind: 'email.reminder', dedupeKey: reminderKey(label, slot), runAt, payload });
    await scheduleJob(db, {
      kind: 'email.therapist_reminder',
      dedupeKey: therapistReminderKey(label, slot),
      runAt,
      payload,
    });
  }
}

/** Cancels the pending reminders (the client's and the therapist's) of a slot at its current time. */
export async function cancelReminders(db: TExecutor, slot: { id: number; startsAt: Date }): Promise<void> {
  await cancelJobs(
    db,
    REMINDERS.flatMap(([label]) => [reminderKey(label, slot), therapistReminderKey(label, slot)]),
  );
}
