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

/** Reminders 24 h and 1 h before the start; one whose time has passed is not scheduled. */
export async function scheduleReminders(db: TExecutor, slot: { id: number; startsAt: Date }): Promise<void> {
  const at = slot.startsAt.toISOString();
  for (const [label, before] of REMINDERS) {
    const runAt = new Date(slot.startsAt.getTime() - before);
    if (runAt.getTime() <= Date.now()) continue;
    await scheduleJob(db, {
      kind: 'email.reminder',
      dedupeKey: reminderKey(label, slot),
      runAt,
      payload: { slot_id: slot.id, starts_at: at, before: label },
    });
  }
}

/** Cancels the pending reminders of a slot at its current time. */
export async function cancelReminders(db: TExecutor, slot: { id: number; startsAt: Date }): Promise<void> {
  await cancelJobs(
    db,
    REMINDERS.map(([label]) => reminderKey(label, slot)),
  );
}
