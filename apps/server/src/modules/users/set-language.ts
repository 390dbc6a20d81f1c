import type { TSetLanguageBody } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';

/** Saves the user's interface language: later answers and the mails to them are written in it. */
export async function setLanguage(ctx: TAppContext, user: { id: number }, body: TSetLanguageBody) {
  await ctx.db.update(users).set({ language: body.language }).where(eq(users.id, user.id));
  return { language: body.language };
}
