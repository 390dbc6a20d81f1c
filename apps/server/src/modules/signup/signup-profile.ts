import type { TSignupProfile, TSignupProfileUpdate } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { clientProfiles, type TUserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { isValidTimeZone } from '../../lib/time.ts';
import { refreshSessionsOfUser } from '../../lib/user-sessions.ts';
import { loadClientProfile } from './client-profile.ts';

export async function getSignupProfile(ctx: TAppContext, user: TUserRow): Promise<TSignupProfile> {
  const profile = await loadClientProfile(ctx.db, user.id);
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    age: profile.age,
    tz: user.tz,
    therapy_type: profile.therapyType,
    step: profile.step as TSignupProfile['step'],
  };
}

/** Saves whatever part of the profile step was sent; the rest stays as it was. */
export async function updateSignupProfile(
  ctx: TAppContext,
  user: TUserRow,
  input: TSignupProfileUpdate,
): Promise<TSignupProfile> {
  if (input.tz !== undefined && !isValidTimeZone(input.tz)) {
    throw new AppError('validation_failed', undefined, { tz: 'Неизвестный часовой пояс' });
  }
  const updated = await ctx.db.transaction(async (tx) => {
    await loadClientProfile(tx, user.id);
    const userChanges = {
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.tz !== undefined ? { tz: input.tz } : {}),
    };
    const [row] = Object.keys(userChanges).length
      ? await tx.update(users).set(userChanges).where(eq(users.id, user.id)).returning()
      : [user];
    await tx
      .update(clientProfiles)
      .set({
        ...(input.age !== undefined ? { age: input.age } : {}),
        ...(input.therapy_type !== undefined ? { therapyType: input.therapy_type } : {}),
        ...(input.step !== undefined ? { step: input.step } : {}),
        updatedAt: new Date(),
      })
      .where(eq(clientProfiles.userId, user.id));
    return row ?? user;
  });
  if (updated !== user) await refreshSessionsOfUser(ctx, user.id);
  return getSignupProfile(ctx, updated);
}
