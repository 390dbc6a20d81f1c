import type { TSetLanguageBody } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { refreshSessionsOfUser } from '../../lib/user-sessions.ts';

/** Saves the user's interface language: later answers and the mails to them are written in it. */
export async function setLanguage(ctx: TAppContext, user: { id: number }, body: TSetLanguageBody) {
  await ctx.db.update(users).set({ language: body.language }).where(eq(users.id, user.id));
  // Cached sessions hold the user's row, language included: the next answer must already use the new one.
  await refreshSessionsOfUser(ctx, user.id);
  return { language: body.language };
}
