import type { TPassPurchase } from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { passPurchases, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { presentPurchase } from './present-purchase.ts';

/** The client's own purchase; anyone else's answers exactly like an unknown id. */
export async function getPassPurchase(ctx: TAppContext, user: TUserRow, hashid: string): Promise<TPassPurchase> {
  const id = ctx.hashids.decode('purchase', hashid);
  const [purchase] =
    id === null
      ? []
      : await ctx.db
          .select()
          .from(passPurchases)
          .where(and(eq(passPurchases.id, id), eq(passPurchases.userId, user.id)));
  if (!purchase) throw new AppError('not_found', 'Покупка не найдена');
  return presentPurchase(ctx, purchase);
}
