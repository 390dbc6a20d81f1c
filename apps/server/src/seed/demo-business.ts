import type { TDb } from '../db/client.ts';
import { employees, slots } from '../db/schema/index.ts';
import { rebuildAllBusinessUsage } from '../modules/business/rebuild-usage.ts';
import { COMPANIES, FEMALE_FIRST, MALE_FIRST, SURNAME_ROOTS } from './demo-names.ts';
import { createBusiness, createBusinessAccount, createClientsInBulk } from './factories.ts';
import { createRandom, type TRandom } from './random.ts';

const SEED = 20261126;
const DAY = 86_400_000;
const TIME_ZONES = ['Europe/Moscow', 'Europe/Moscow', 'Europe/Moscow', 'Asia/Yekaterinburg', 'Europe/Samara'];

type TStaffPlan = { accountEmail: string; firstName: string; lastName: string; businesses: TBusinessPlan[] };
type TBusinessPlan = { name: string; startedOn: string; staff: number; tag: string; usesTherapy: number };

/**
 * Two business accounts (spec §1): business@example.com with two companies, data since 2023 and
 * over 200 employees; small-business@example.com with one company of 3, whose usage figures read
 * «менее 5» (the privacy threshold).
 */
export const DEMO_BUSINESS_ACCOUNTS: TStaffPlan[] = [
  {
    accountEmail: 'business@example.com',
    firstName: 'Ольга',
    lastName: 'Петрова',
    businesses: [
      { name: COMPANIES[0] as string, startedOn: '2023-02-01', staff: 150, tag: 'sever', usesTherapy: 0.6 },
      { name: COMPANIES[1] as string, startedOn: '2024-09-01', staff: 64, tag: 'technopark', usesTherapy: 0.55 },
    ],
  },
  {
    accountEmail: 'small-business@example.com',
    firstName: 'Игорь',
    lastName: 'Соколов',
    businesses: [{ name: 'ИП Соколов', startedOn: '2025-03-01', staff: 3, tag: 'sokolov', usesTherapy: 1 }],
  },
];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function pastStatus(r: TRandom) {
  const x = r.next();
  if (x < 0.82) return 'completed' as const;
  if (x < 0.9) return 'cancelled' as const;
  if (x < 0.94) return 'late_cancelled' as const;
  return 'missed' as const;
}

/**
 * Seeds the business accounts with their staff and the staff's sessions, in bulk inserts so the
 * seed stays fast, then builds the monthly usage from those sessions. Deterministic: its own seed.
 * A session that would clash with another at the same therapist's time is skipped by the database.
 */
export async function seedDemoBusiness(db: TDb, therapistIds: readonly number[], now: Date): Promise<void> {
  const r = createRandom(SEED);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const plan of DEMO_BUSINESS_ACCOUNTS) {
    const account = await createBusinessAccount(db, {
      email: plan.accountEmail,
      firstName: plan.firstName,
      lastName: plan.lastName,
    });
    for (const b of plan.businesses) {
      const business = await createBusiness(db, { accountUserId: account.id, name: b.name, startedOn: b.startedOn });
      const startMs = Date.parse(b.startedOn);
      const people = Array.from({ length: b.staff }, (_, e) => {
        const female = r.chance(0.55);
        const root = r.pick(SURNAME_ROOTS);
        const joinedMs =
          e < b.staff * 0.6 ? startMs : startMs + r.int(0, Math.max(1, (today - startMs) / DAY - 20)) * DAY;
        return {
          email: `staff-${b.tag}-${e + 1}@example.com`,
          firstName: r.pick(female ? FEMALE_FIRST : MALE_FIRST),
          lastName: female ? `${root}а` : root,
          tz: r.pick(TIME_ZONES),
          joinedMs,
          usesTherapy: r.chance(b.usesTherapy),
          consents: r.chance(0.85),
          blocked: r.chance(0.06),
          leftMs: r.chance(0.07) ? Math.min(today - DAY, joinedMs + r.int(90, 500) * DAY) : null,
        };
      });
      const clients = await createClientsInBulk(
        db,
        people
          .filter((p) => p.usesTherapy)
          .map(({ email, firstName, lastName, tz }) => ({ email, firstName, lastName, tz })),
      );
      const clientByEmail = new Map(clients.map((c) => [c.email, c]));
      await db.insert(employees).values(
        people.map((p) => {
          const client = clientByEmail.get(p.email);
          return {
            businessId: business.id,
            userId: client?.id ?? null,
            email: p.email,
            firstName: p.firstName,
            lastName: p.lastName,
            promocodesBlocked: p.blocked,
            joinedOn: isoDay(p.joinedMs),
            leftOn: p.leftMs === null ? null : isoDay(p.leftMs),
            invitedAt: new Date(p.joinedMs),
            usageConsentAt: client && p.consents ? new Date(p.joinedMs + DAY) : null,
          };
        }),
      );
      const sessions: (typeof slots.$inferInsert)[] = [];
      for (const p of people) {
        const client = clientByEmail.get(p.email);
        if (!client) continue;
        const therapistId = r.pick(therapistIds);
        const endMs = p.leftMs ?? today + 14 * DAY;
        let at = p.joinedMs + r.int(3, 60) * DAY;
        const count = r.int(2, 36);
        for (let s = 0; s < count && at < endMs; s++) {
          // Whole hours of Moscow working time (UTC+3), 8:00–20:00.
          const startsAt = new Date(at + (r.int(8, 20) - 3) * 3_600_000);
          sessions.push({
            therapistId,
            clientId: client.id,
            startsAt,
            blockedUntil: new Date(startsAt.getTime() + 60 * 60_000),
            status: startsAt.getTime() > now.getTime() ? 'booked' : pastStatus(r),
            clientPassId: null,
          });
          at += r.int(6, 20) * DAY;
        }
      }
      for (let i = 0; i < sessions.length; i += 500) {
        await db
          .insert(slots)
          .values(sessions.slice(i, i + 500))
          .onConflictDoNothing();
      }
    }
  }
  await rebuildAllBusinessUsage(db, now);
}
