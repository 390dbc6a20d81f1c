import type { TBusinessesResponse } from '@therapy/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { businesses, businessUsageMonths, type TUserRow } from '../../db/schema/index.ts';

/**
 * The account's businesses, each with the years it has usage for, newest first, so the first
 * is the default choice (spec §4). A business without usage has no years; the web then shows the
 * current year with the empty-data flag.
 */
export async function listBusinesses(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  account: TUserRow,
): Promise<TBusinessesResponse> {
  const owned = await ctx.db
    .select({
      id: businesses.id,
      name: businesses.name,
      years: sql<number[] | null>`(
        select array_agg(distinct ${businessUsageMonths.year}::int order by ${businessUsageMonths.year}::int desc)
        from ${businessUsageMonths} where ${businessUsageMonths.businessId} = ${businesses.id})`,
    })
    .from(businesses)
    .where(eq(businesses.accountUserId, account.id))
    .orderBy(asc(businesses.id));
  return owned.map((b) => ({ id: ctx.hashids.encode('business', b.id), name: b.name, years: b.years ?? [] }));
}
