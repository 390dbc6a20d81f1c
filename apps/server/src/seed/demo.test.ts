import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import {
  businesses,
  businessUsageMonths,
  clientProfiles,
  employees,
  slots,
  therapistSuggestions,
  users,
} from '../db/schema/index.ts';
import { seedDemo, seedDemoIfEmpty } from './demo.ts';

/** A fresh in-memory database of its own, since the demo accounts have fixed e-mails. */
async function seededDatabase() {
  const database = await openDatabase({});
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  return database;
}

// Two fresh databases with the whole demo world: seconds on a quiet machine, far more on a busy one.
describe('demo data', { timeout: 120_000 }, () => {
  it('seeds the README accounts and a world around them, the same way every time', async () => {
    const first = await seededDatabase();
    const second = await seededDatabase();
    try {
      const snapshot = async (db: typeof first.db) => ({
        users: await db.select({ email: users.email, name: users.lastName }).from(users).orderBy(users.id),
        slots: await db.select({ n: count() }).from(slots),
      });
      expect(await snapshot(first.db)).toEqual(await snapshot(second.db));

      const { db } = first;
      const byEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
      const client = await byEmail('client@example.com');
      expect(client).toMatchObject({ role: 'client', tz: 'Europe/Moscow', signedUp: true });
      const [completed] = await db
        .select({ n: count() })
        .from(slots)
        .where(and(eq(slots.clientId, client?.id ?? 0), eq(slots.status, 'completed')));
      expect(completed?.n).toBeGreaterThan(0);

      // Signed up means the questionnaire is done (issue 12, item 6): every signed-up client has answers and the
      // suggestions matching gives for them, so «Психологи» lists therapists instead of asking for the questionnaire.
      const [unanswered] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
        .where(
          and(
            eq(users.role, 'client'),
            eq(users.signedUp, true),
            sql`(${clientProfiles.therapyType} is null or jsonb_array_length(${clientProfiles.topicCodes}) = 0 or ${clientProfiles.step} <> 'done')`,
          ),
        );
      expect(unanswered?.n).toBe(0);
      const [withoutSuggestions] = await db
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.role, 'client'),
            eq(users.signedUp, true),
            sql`not exists (select 1 from ${therapistSuggestions} where ${therapistSuggestions.userId} = ${users.id})`,
          ),
        );
      expect(withoutSuggestions?.n).toBe(0);
      const demoSuggestions = await db
        .select({ therapistId: therapistSuggestions.therapistId })
        .from(therapistSuggestions)
        .where(eq(therapistSuggestions.userId, client?.id ?? 0))
        .orderBy(therapistSuggestions.rank);
      expect(demoSuggestions.length).toBeGreaterThan(1);

      const therapist = await byEmail('therapist@example.com');
      const [therapistSlots] = await db
        .select({ n: count(), clients: sql<number>`count(distinct ${slots.clientId})::int` })
        .from(slots)
        .where(eq(slots.therapistId, therapist?.id ?? 0));
      expect(therapistSlots?.clients).toBeGreaterThan(1);

      // The practice of the demo therapist: 30+ clients, singles and couples, archived ones, a year of sessions,
      // and a session whose room is open now.
      const practice = await db
        .select({
          clients: sql<number>`count(distinct ${slots.clientId})::int`,
          couples: sql<number>`count(distinct ${slots.clientId}) filter (where ${slots.therapyType} = 'couple')::int`,
          first: sql<string>`min(${slots.startsAt})`,
          openNow: sql<number>`count(*) filter (where ${slots.status} = 'booked' and ${slots.startsAt} between now() and now() + interval '10 minutes')::int`,
          week: sql<number>`count(*) filter (where ${slots.status} = 'booked' and ${slots.startsAt} between now() and now() + interval '7 days')::int`,
          pastBooked: sql<number>`count(*) filter (where ${slots.status} = 'booked' and ${slots.startsAt} < now() - interval '1 hour')::int`,
        })
        .from(slots)
        .where(eq(slots.therapistId, therapist?.id ?? 0));
      const [figures] = practice;
      expect(figures?.clients).toBeGreaterThanOrEqual(30);
      expect(figures?.couples).toBeGreaterThanOrEqual(5);
      expect(Date.now() - Date.parse(figures?.first ?? '')).toBeGreaterThan(300 * 86_400_000);
      expect(figures?.openNow).toBe(1);
      expect(figures?.week).toBeGreaterThanOrEqual(10);
      expect(figures?.pastBooked).toBe(0);
      const [recentlyActive] = await db
        .select({ n: sql<number>`count(distinct ${slots.clientId})::int` })
        .from(slots)
        .where(
          and(
            eq(slots.therapistId, therapist?.id ?? 0),
            sql`${slots.startsAt} > now() - interval '60 days'`,
            sql`${slots.status} in ('booked', 'completed', 'missed', 'late_cancelled')`,
          ),
        );
      expect((figures?.clients ?? 0) - (recentlyActive?.n ?? 0)).toBeGreaterThanOrEqual(5);

      const account = await byEmail('business@example.com');
      const owned = await db
        .select()
        .from(businesses)
        .where(eq(businesses.accountUserId, account?.id ?? 0));
      expect(owned).toHaveLength(2);
      const [staff] = await db
        .select({ n: count() })
        .from(employees)
        .innerJoin(businesses, eq(businesses.id, employees.businessId))
        .where(eq(businesses.accountUserId, account?.id ?? 0));
      expect(staff?.n).toBeGreaterThanOrEqual(200);
      const [usage] = await db
        .select({ n: count(), first: sql<number>`min(${businessUsageMonths.year})::int` })
        .from(businessUsageMonths)
        .innerJoin(businesses, eq(businesses.id, businessUsageMonths.businessId))
        .where(eq(businesses.accountUserId, account?.id ?? 0));
      expect(usage?.first).toBe(2023);
      expect(usage?.n).toBeGreaterThan(500);

      const small = await byEmail('small-business@example.com');
      expect(small?.role).toBe('business_account');
      const [smallStaff] = await db
        .select({ n: count() })
        .from(employees)
        .innerJoin(businesses, eq(businesses.id, employees.businessId))
        .where(eq(businesses.accountUserId, small?.id ?? 0));
      expect(smallStaff?.n).toBe(3);

      expect(await seedDemoIfEmpty(db)).toBe(false);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('refuses to seed twice into one database', async () => {
    const database = await seededDatabase();
    try {
      await expect(seedDemo(database.db)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
