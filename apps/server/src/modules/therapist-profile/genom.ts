import { genomCounters, readGenom, type TGenomResponse, type TGenomUpdate } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TGenomAnswers, therapists } from '../../db/schema/index.ts';
import { loadTherapistRow } from './load-therapist-row.ts';

const present = (stored: TGenomAnswers): TGenomResponse => {
  const genom = readGenom(stored);
  return { genom, genom_filled: genomCounters(genom) };
};

export async function getGenom(ctx: TAppContext, userId: number): Promise<TGenomResponse> {
  return present((await loadTherapistRow(ctx, userId)).genom);
}

/**
 * Saves the whole genom (already checked by the route's schema). Keys the form does not edit stay as
 * they were; matching reads this row, so suggestions change with the next analysis.
 */
export async function saveGenom(ctx: TAppContext, userId: number, input: TGenomUpdate): Promise<TGenomResponse> {
  const row = await loadTherapistRow(ctx, userId);
  const genom: TGenomAnswers = { ...row.genom, ...input };
  await ctx.db.update(therapists).set({ genom }).where(eq(therapists.userId, userId));
  return present(genom);
}
