import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import {
  clientPasses,
  passes,
  passPurchases,
  paymentCards,
  promocodes,
  therapists,
  users,
} from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { demoCatalog } from './demo-commerce.ts';

// A fresh database with the whole demo world: seconds on a quiet machine, far more on a busy one.
describe('demo commerce data', { timeout: 120_000 }, () => {
  it('prices bundles below single sessions, in both currencies, for every tier and therapy type', () => {
    const catalog = demoCatalog();
    expect(catalog).toHaveLength(18);
    const standardSingle = catalog.filter((p) => p.tier === 'standard' && p.therapyType === 'single');
    expect(standardSingle.map((p) => [p.sessionsCount, p.priceRub, p.priceEur])).toEqual([
      [1, 3_500_00, 40_00],
      [4, 13_200_00, 150_00],
      [8, 25_500_00, 291_00],
    ]);
    for (const p of catalog) {
      const single = catalog.find((s) => s.tier === p.tier && s.therapyType === p.therapyType && s.sessionsCount === 1);
      expect(p.priceRub / p.sessionsCount).toBeLessThanOrEqual(single?.priceRub ?? 0);
      expect(p.priceRub % 100_00).toBe(0);
    }
  });

  it('gives the demo client an active pass with sessions left and a saved card, and seeds promo codes and tiers', async () => {
    const database = await openDatabase({});
    try {
      await database.migrate();
      await seedDemoIfEmpty(database.db);
      const { db } = database;
      expect(await db.select().from(passes)).toHaveLength(18);
      const [client] = await db.select().from(users).where(eq(users.email, 'client@example.com'));
      const owned = await db
        .select()
        .from(clientPasses)
        .where(eq(clientPasses.userId, client?.id ?? 0));
      expect(owned).toMatchObject([{ status: 'active', sessionsTotal: 4, sessionsLeft: 2 }]);
      expect(owned[0]?.expiresAt?.getTime()).toBeGreaterThan(Date.now());
      expect(
        await db
          .select()
          .from(passPurchases)
          .where(eq(passPurchases.userId, client?.id ?? 0)),
      ).toMatchObject([{ status: 'completed' }]);
      const cards = await db
        .select()
        .from(paymentCards)
        .where(and(eq(paymentCards.userId, client?.id ?? 0), isNull(paymentCards.deletedAt)));
      expect(cards).toMatchObject([{ paymentMethodKey: 'cloud_payments', cardLast: '4242' }]);
      const codes = (await db.select().from(promocodes)).map((c) => c.code).sort();
      expect(codes).toEqual(['AUTUMN15', 'FRIENDS20', 'SPRING500', 'WELCOME10']);
      const tiers = new Set((await db.select({ tier: therapists.tier }).from(therapists)).map((r) => r.tier));
      expect(tiers.size).toBeGreaterThan(1);
    } finally {
      await database.close();
    }
  });
});
