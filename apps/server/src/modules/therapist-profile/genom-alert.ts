import { genomCounters, readGenom, type TGenomAlert } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { therapists } from '../../db/schema/index.ts';
import { loadTherapistRow } from './load-therapist-row.ts';

/** A dismissed notice comes back after this long if the genom is still incomplete. */
export const GENOM_ALERT_SNOOZE_MS = 30 * 86_400_000;

/** Whether the notice shows: some group is not complete ('needs update', spec §4) and it is not snoozed. */
export async function getGenomAlert(ctx: TAppContext, userId: number, now = new Date()): Promise<TGenomAlert> {
  const row = await loadTherapistRow(ctx, userId);
  const counters = genomCounters(readGenom(row.genom));
  const incomplete = Object.values(counters).some(([filled, total]) => filled !== total);
  const snoozed =
    row.genomAlertDismissedAt !== null && now.getTime() - row.genomAlertDismissedAt.getTime() < GENOM_ALERT_SNOOZE_MS;
  return { success: incomplete && !snoozed };
}

export async function dismissGenomAlert(ctx: TAppContext, userId: number, now = new Date()): Promise<TGenomAlert> {
  await loadTherapistRow(ctx, userId);
  await ctx.db.update(therapists).set({ genomAlertDismissedAt: now }).where(eq(therapists.userId, userId));
  return { success: false };
}
