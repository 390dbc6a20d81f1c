import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { businesses, type TBusinessRow, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The business of this hashid when the signed-in account manages it. Another account's business
 * answers exactly like one that does not exist (404), so ids reveal nothing across tenants.
 */
export async function loadOwnBusiness(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  account: TUserRow,
  hashid: string,
): Promise<TBusinessRow> {
  const id = ctx.hashids.decode('business', hashid);
  if (id === null) throw new AppError('not_found', 'Компания не найдена');
  const [business] = await ctx.db
    .select()
    .from(businesses)
    .where(and(eq(businesses.id, id), eq(businesses.accountUserId, account.id)));
  if (!business) throw new AppError('not_found', 'Компания не найдена');
  return business;
}
