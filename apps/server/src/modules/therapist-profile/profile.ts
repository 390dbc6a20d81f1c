import type { TTherapistProfile, TTherapistProfileUpdate } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { therapists } from '../../db/schema/index.ts';
import { loadTherapistRow } from './load-therapist-row.ts';

/** Sex, the video profile and the VideoAsk link (links are https only, checked by the schema). */
export async function saveProfile(
  ctx: TAppContext,
  userId: number,
  values: TTherapistProfileUpdate,
): Promise<TTherapistProfile> {
  await loadTherapistRow(ctx, userId);
  await ctx.db
    .update(therapists)
    .set({ female: values.female, videoProfile: values.video_profile, videoaskLink: values.videoask_link })
    .where(eq(therapists.userId, userId));
  return values;
}
