import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { availabilityExceptions, availabilityRules, therapists, users } from '../db/schema/index.ts';
import { computeFreeSlots } from '../modules/schedule/compute-free-slots.ts';
import { loadTherapist } from '../modules/schedule/find-therapist.ts';
import { loadAvailability } from '../modules/schedule/load-availability.ts';
import { seedDemo } from './demo.ts';

// A fresh database with the whole demo world: seconds on a quiet machine, far more on a busy one.
describe('demo working hours', { timeout: 120_000 }, () => {
  it('gives every demo therapist weekly hours, a day off, and free times next week', async () => {
    const database = await openDatabase({});
    try {
      await database.migrate();
      const now = new Date();
      await seedDemo(database.db, now);
      const { db } = database;
      const all = await db.select({ id: therapists.userId }).from(therapists);
      expect(all.length).toBeGreaterThanOrEqual(12);
      for (const { id } of all) {
        const [rules] = await db
          .select({ n: count() })
          .from(availabilityRules)
          .where(eq(availabilityRules.therapistId, id));
        const [offs] = await db
          .select({ n: count() })
          .from(availabilityExceptions)
          .where(eq(availabilityExceptions.therapistId, id));
        expect(rules?.n).toBeGreaterThan(0);
        expect(offs?.n).toBeGreaterThan(0);
      }
      const [main] = await db.select().from(users).where(eq(users.email, 'therapist@example.com'));
      const found = await loadTherapist(db, main?.id ?? 0);
      if (!found) throw new Error('no main therapist');
      const from = new Date(now.getTime() + 86_400_000);
      const to = new Date(from.getTime() + 7 * 86_400_000);
      const starts = computeFreeSlots(await loadAvailability(db, found, { from, to, notBefore: from }));
      // weekdays 09:00–21:00 in Moscow: twelve a day, less the demo client's and the practice's sessions and a day off
      expect(starts.length).toBeGreaterThanOrEqual(30);
    } finally {
      await database.close();
    }
  });
});
