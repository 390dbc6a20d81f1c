import type { TCheckout } from '@therapy/contract';
import { PAYMENT_METHOD_OF_CURRENCY, type TCurrency } from '@therapy/contract/rules';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { passes, slots, type TUserRow, therapists, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findAppliedPromocode } from '../promocodes/applied-promocode.ts';
import { discountedAmount, promocodeFitsCurrency } from '../promocodes/promocode-rules.ts';

const NO_HELD_SLOT = 'Нет выбранного времени сессии: выберите психолога и время, и вернитесь к оплате';

/**
 * spec §3 "Onboarding checkout data" for the session the client holds: priced as the
 * one-session pass of the therapist's tier and the session's therapy type, in both
 * currencies, with the applied promo code as discount_price.
 */
export async function getCheckout(ctx: TAppContext, user: TUserRow, now = new Date()): Promise<TCheckout> {
  // The promo code does not depend on the slot: both reads go out together.
  const [[held], applied] = await Promise.all([
    ctx.db
      .select({ slot: slots, therapist: users, profile: therapists })
      .from(slots)
      .innerJoin(users, eq(users.id, slots.therapistId))
      .innerJoin(therapists, eq(therapists.userId, slots.therapistId))
      .where(and(eq(slots.clientId, user.id), eq(slots.status, 'held'), gt(slots.holdExpiresAt, now)))
      .orderBy(desc(slots.createdAt), desc(slots.id))
      .limit(1),
    findAppliedPromocode(ctx.db, { userId: user.id, now, currency: null }),
  ]);
  if (!held) throw new AppError('not_found', NO_HELD_SLOT);
  const { slot, therapist, profile } = held;
  const [pass] = await ctx.db
    .select()
    .from(passes)
    .where(
      and(
        eq(passes.tier, profile.tier),
        eq(passes.therapyType, slot.therapyType),
        eq(passes.sessionsCount, 1),
        eq(passes.active, true),
      ),
    )
    .limit(1);
  if (!pass)
    throw new AppError('not_found', 'Для этой сессии сейчас нельзя оплатить разовую сессию: выберите абонемент');

  const code = applied && applied.problem === null ? applied.code : null;
  const method = (currency: TCurrency, price: number) => ({
    key: PAYMENT_METHOD_OF_CURRENCY[currency],
    currency,
    price,
    discount_price: discountedAmount(price, currency, code),
  });
  const active = code !== null && promocodeFitsCurrency(code, user.currency);
  return {
    currency: user.currency,
    payment_methods: [method('rub', pass.priceRub), method('eur', pass.priceEur)],
    promocode: { active, description: active ? code.description : null },
    therapy_type: slot.therapyType,
    therapist: {
      id: ctx.hashids.encode('user', therapist.id),
      first_name: therapist.firstName,
      last_name: therapist.lastName,
      userpic_url: profile.avatarThumb,
      picture: { transparent_thumb: profile.avatarThumb },
    },
    scheduled_on: slot.startsAt.toISOString(),
    pass_id: ctx.hashids.encode('pass', pass.id),
    slot_hashid: ctx.hashids.encode('slot', slot.id),
  };
}
