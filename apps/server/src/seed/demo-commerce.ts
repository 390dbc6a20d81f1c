import { and, eq, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TDb } from '../db/client.ts';
import { clientPasses, passes, therapists, users } from '../db/schema/index.ts';
import { createCard, createPromocode, createPurchase } from './commerce-factories.ts';

type TTier = 'standard' | 'senior' | 'expert';
type TTherapyType = 'single' | 'couple';

/**
 * Prices in roubles and euros per tier, therapy type and bundle size: bundles save
 * 6 % (4 sessions) and 9 % (8 sessions) on the single price, rounded to whole hundreds.
 */
const SINGLE_PRICE: Record<TTier, Record<TTherapyType, { rub: number; eur: number }>> = {
  standard: { single: { rub: 3_500, eur: 40 }, couple: { rub: 5_000, eur: 55 } },
  senior: { single: { rub: 4_800, eur: 52 }, couple: { rub: 6_500, eur: 70 } },
  expert: { single: { rub: 7_000, eur: 75 }, couple: { rub: 9_000, eur: 95 } },
};
const BUNDLES = [
  { sessions: 1, factor: 1, validMonths: 3 },
  { sessions: 4, factor: 0.94, validMonths: 6 },
  { sessions: 8, factor: 0.91, validMonths: 12 },
] as const;

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** The catalog: every tier × therapy type × 1, 4 and 8 sessions, prices in minor units. */
export function demoCatalog() {
  return (Object.keys(SINGLE_PRICE) as TTier[]).flatMap((tier) =>
    (['single', 'couple'] as const).flatMap((therapyType) =>
      BUNDLES.map((bundle) => {
        const base = SINGLE_PRICE[tier][therapyType];
        return {
          tier,
          therapyType,
          sessionsCount: bundle.sessions,
          priceRub: roundTo(base.rub * bundle.sessions * bundle.factor, 100) * 100,
          priceEur: roundTo(base.eur * bundle.sessions * bundle.factor, 1) * 100,
          validMonths: bundle.validMonths,
        };
      }),
    ),
  );
}

/**
 * Commerce demo data, after the people exist: the pass catalog, therapists' price tiers by
 * experience, promo codes, and for client@example.com an active 4-session pass with two
 * sessions left, the purchase that paid for it and a saved card.
 */
export async function seedDemoCommerce(db: TDb, now = new Date()): Promise<void> {
  const catalog = await db.insert(passes).values(demoCatalog()).returning();

  // Tier by years of practice: from 2016 standard, 2010–2015 senior, before 2010 expert.
  await db.update(therapists).set({ tier: 'expert' }).where(lt(therapists.practiceStart, '2010-01-01'));
  await db
    .update(therapists)
    .set({ tier: 'senior' })
    .where(and(sql`${therapists.practiceStart} >= '2010-01-01'`, lt(therapists.practiceStart, '2016-01-01')));

  const day = (days: number) => DateTime.fromJSDate(now, { zone: 'utc' }).plus({ days }).toJSDate();
  await createPromocode(db, {
    code: 'WELCOME10',
    kind: 'percent',
    percentOff: 10,
    description: 'Скидка 10 % на первую покупку',
    maxRedemptions: 1000,
  });
  await createPromocode(db, {
    code: 'SPRING500',
    kind: 'fixed',
    amountOff: 500_00,
    currency: 'rub',
    description: 'Скидка 500 ₽ при оплате в рублях',
    expiresAt: day(90),
  });
  await createPromocode(db, {
    code: 'AUTUMN15',
    kind: 'percent',
    percentOff: 15,
    description: 'Осенняя скидка 15 %',
    startsAt: day(-120),
    expiresAt: day(-30),
  });
  await createPromocode(db, {
    code: 'FRIENDS20',
    kind: 'percent',
    percentOff: 20,
    description: 'Скидка 20 % для друзей',
    maxRedemptions: 50,
    redemptionsCount: 50,
  });

  const [client] = await db.select().from(users).where(eq(users.email, 'client@example.com'));
  const [mainTherapist] = await db
    .select({ tier: therapists.tier })
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId))
    .where(eq(users.email, 'therapist@example.com'));
  const pass = catalog.find(
    (p) => p.tier === (mainTherapist?.tier ?? 'standard') && p.therapyType === 'single' && p.sessionsCount === 4,
  );
  if (!client || !pass) return;
  const boughtAt = day(-30);
  const { clientPass } = await createPurchase(db, {
    userId: client.id,
    passId: pass.id,
    sessionsCount: 4,
    status: 'completed',
    currency: 'rub',
    amount: pass.priceRub,
    provider: 'sandbox',
    providerPaymentId: 'pay_demo_client',
    idempotencyKey: 'demo-client-first-pass',
    createdAt: boughtAt,
  });
  await db
    .update(clientPasses)
    .set({ sessionsLeft: 2, activatedAt: boughtAt, expiresAt: day(-30 + 30 * pass.validMonths) })
    .where(eq(clientPasses.id, clientPass.id));
  await createCard(db, {
    userId: client.id,
    paymentMethodKey: 'cloud_payments',
    provider: 'sandbox',
    cardLast: '4242',
  });
}
