import type { TPassesResponse } from '@therapy/contract';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { clientPasses, passes, type TUserRow } from '../../db/schema/index.ts';
import { prepared } from '../../lib/prepared.ts';
import { usablePromocode } from '../promocodes/applied-promocode.ts';
import { discountedAmount } from '../promocodes/promocode-rules.ts';
import { chosenTherapist } from './chosen-therapist.ts';
import { priceOf } from './pass-labels.ts';
import { presentClientPass } from './present-client-pass.ts';

const catalogQuery = (db: TAppContext['db']) =>
  db
    .select()
    .from(passes)
    .where(eq(passes.active, true))
    .orderBy(asc(passes.therapyType), asc(passes.tier), asc(passes.sessionsCount))
    .prepare('pass_catalog');

const ownedQuery = (db: TAppContext['db']) =>
  db
    .select({ clientPass: clientPasses, pass: passes })
    .from(clientPasses)
    .innerJoin(passes, eq(passes.id, clientPasses.passId))
    .where(and(eq(clientPasses.userId, sql.placeholder('userId')), ne(clientPasses.status, 'cancelled')))
    .orderBy(desc(clientPasses.createdAt), desc(clientPasses.id))
    .prepare('client_passes_owned');

/**
 * The active catalog in the client's currency (with the applied promo code), the client's own passes, and the
 * therapist they are buying for, whose tier decides which passes can pay for their sessions.
 */
export async function listPasses(ctx: TAppContext, user: TUserRow, now = new Date()): Promise<TPassesResponse> {
  const currency = user.currency;
  // One after another: in parallel they would hold three pool connections per request under load.
  const catalog = await prepared(ctx.db, 'pass_catalog', catalogQuery).execute();
  const owned = await prepared(ctx.db, 'client_passes_owned', ownedQuery).execute({ userId: user.id });
  const promocode = await usablePromocode(ctx.db, { userId: user.id, now, currency });
  const therapist = await chosenTherapist(ctx, user.id, now);
  return {
    currency,
    passes: catalog.map((pass) => {
      const price = priceOf(pass, currency);
      return {
        id: ctx.hashids.encode('pass', pass.id),
        tier: pass.tier,
        therapy_type: pass.therapyType,
        sessions_count: pass.sessionsCount,
        currency,
        price,
        discount_price: discountedAmount(price, currency, promocode),
        price_per_session: Math.round(price / pass.sessionsCount),
        valid_months: pass.validMonths,
      };
    }),
    client_passes: owned.map((row) => presentClientPass(ctx, row, now)),
    promocode: { active: promocode !== null, description: promocode?.description ?? null },
    therapist,
  };
}
