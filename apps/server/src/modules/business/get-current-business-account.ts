import type { TCurrentBusinessAccount } from '@therapy/contract';
import { asc, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { businesses, type TUserRow } from '../../db/schema/index.ts';
import { presentCurrentUser } from '../users/present-user.ts';

/** Years a business has data for, newest first, so the first one is the default choice (spec §4). */
function yearsSince(startedOn: string, now: Date): number[] {
  const first = Number(startedOn.slice(0, 4));
  const years: number[] = [];
  for (let y = now.getUTCFullYear(); y >= first; y--) years.push(y);
  return years;
}

export async function getCurrentBusinessAccount(ctx: TAppContext, user: TUserRow): Promise<TCurrentBusinessAccount> {
  const owned = await ctx.db
    .select()
    .from(businesses)
    .where(eq(businesses.accountUserId, user.id))
    .orderBy(asc(businesses.id));
  const now = new Date();
  const { hashid, email, first_name, last_name, tz } = presentCurrentUser(ctx, user);
  return {
    hashid,
    email,
    first_name,
    last_name,
    tz,
    businesses: owned.map((b) => ({
      id: ctx.hashids.encode('business', b.id),
      name: b.name,
      years: yearsSince(b.startedOn, now),
    })),
  };
}
