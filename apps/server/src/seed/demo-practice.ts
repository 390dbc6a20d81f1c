import taxonomies from '@therapy/contract/taxonomies.json' with { type: 'json' };
import type { TDb } from '../db/client.ts';
import { clientProfiles, slots, type TSlotRow, users, videoConnectionReports } from '../db/schema/index.ts';
import { FEMALE_FIRST, MALE_FIRST, SURNAME_ROOTS } from './demo-names.ts';
import { createClient } from './factories.ts';
import { createRandom } from './random.ts';

const SEED = 20261126;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The main demo therapist works weekdays 09:00–21:00 Moscow (demo-schedule.ts): standing times fit inside. */
const HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20];
const MOSCOW_OFFSET_H = 3;

type TSlotInsert = typeof slots.$inferInsert;
type TPlan = { kind: 'weekly' | 'fortnightly' | 'lapsed' | 'occasional'; couple: boolean };

/**
 * 34 clients: 10 weekly and 4 fortnightly with a standing time, 4 without one, 16 who stopped (archived). The week
 * keeps most of the therapist's hours free for new clients (demo-schedule.test.ts).
 */
const PLANS: TPlan[] = [
  ...Array.from({ length: 10 }, (_, i): TPlan => ({ kind: 'weekly', couple: i % 4 === 1 })),
  ...Array.from({ length: 4 }, (_, i): TPlan => ({ kind: 'fortnightly', couple: i === 2 })),
  ...Array.from({ length: 4 }, (): TPlan => ({ kind: 'occasional', couple: false })),
  ...Array.from({ length: 16 }, (_, i): TPlan => ({ kind: 'lapsed', couple: i % 3 === 0 })),
];

/**
 * The demo therapist's practice: a year of sessions with 34 clients (singles and couples,
 * weekly and fortnightly at standing times, some who stopped long ago and are archived),
 * sessions today and in the coming weeks (one whose room is open now, for the call), the
 * outcomes of past sessions and post-session forms. Deterministic for a given `now`; slots
 * go in by the hundred, and one that would overlap another is skipped (ON CONFLICT DO
 * NOTHING also covers the exclusion constraint), as a real calendar would refuse it.
 */
export async function seedDemoPractice(db: TDb, therapistId: number, now = new Date()): Promise<void> {
  const r = createRandom(SEED);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (day: number, hour: number) => new Date(today + day * DAY + (hour - MOSCOW_OFFSET_H) * HOUR);
  const weekdayOf = (day: number) => (new Date(today + day * DAY).getUTCDay() + 6) % 7;
  const rows: TSlotInsert[] = [];
  const slot = (o: Omit<TSlotInsert, 'therapistId' | 'blockedUntil'>) =>
    rows.push({ ...o, therapistId, blockedUntil: new Date(o.startsAt.getTime() + 60 * 60_000) });
  const pastStatus = (): TSlotRow['status'] => {
    const roll = r.next();
    return roll < 0.86 ? 'completed' : roll < 0.93 ? 'missed' : roll < 0.96 ? 'late_cancelled' : 'cancelled';
  };

  // The people first, in two inserts: argon2 hashes the demo password once (the factory), the rest share it.
  const people = PLANS.map((plan, index) => {
    const female = r.chance(0.7);
    const firstName = r.pick(female ? FEMALE_FIRST : MALE_FIRST);
    const lastName = `${r.pick(SURNAME_ROOTS)}${female ? 'а' : ''}`;
    const partner = plan.couple
      ? {
          firstName: r.pick(female ? MALE_FIRST : FEMALE_FIRST),
          lastName: `${lastName.replace(/а$/, '')}${female ? '' : 'а'}`,
        }
      : null;
    return { plan, index, client: { firstName, lastName }, partner, age: r.int(22, 58) };
  });
  const first = await createClient(db, { email: 'practice-0@example.com', firstName: 'Демо', lastName: 'Клиент' });
  const values = people.flatMap(({ index, client, partner }) => [
    { email: `practice-${index + 1}@example.com`, ...client },
    ...(partner ? [{ email: `practice-${index + 1}-partner@example.com`, ...partner }] : []),
  ]);
  const created = await db
    .insert(users)
    .values(
      values.map((v) => ({
        ...v,
        passwordHash: first.passwordHash,
        role: 'client' as const,
        signedUp: true,
        consentVersion: first.consentVersion,
        consentAt: first.consentAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(created.map((u) => [u.email, u.id]));
  await db.insert(clientProfiles).values(
    people.map(({ plan, index, age }) => ({
      userId: idOf.get(`practice-${index + 1}@example.com`) ?? 0,
      therapyType: plan.couple ? ('couple' as const) : ('single' as const),
      age,
      topicCodes: r
        .some(plan.couple ? taxonomies.couple_topics : taxonomies.single_topics, 2, 4)
        .map((topic) => topic.code),
      step: 'done',
    })),
  );

  let standingIndex = 0;
  const withStandingTime: { clientId: number; partnerClientId: number | null; therapyType: 'single' | 'couple' }[] = [];
  for (const { plan, index } of people) {
    const clientId = idOf.get(`practice-${index + 1}@example.com`) ?? 0;
    const partnerId = idOf.get(`practice-${index + 1}-partner@example.com`) ?? null;
    const therapyType = plan.couple ? 'couple' : 'single';
    const base = { clientId, partnerClientId: partnerId, therapyType } as const;

    if (plan.kind === 'weekly' || plan.kind === 'fortnightly') {
      // A standing weekday and hour of their own: (weekday, hour) pairs taken in turn.
      const weekday = standingIndex % 5;
      const hour = HOURS[Math.floor(standingIndex / 5) % HOURS.length] ?? 10;
      standingIndex++;
      withStandingTime.push(base);
      const step = plan.kind === 'weekly' ? 7 : 14;
      const startedDaysAgo = r.int(20, 365);
      // The first day on the client's weekday at or after the start, then every week or two up to 5 weeks ahead.
      let day = -startedDaysAgo;
      while (weekdayOf(day) !== weekday) day++;
      for (; day <= 35; day += step) {
        if (day === 0) continue; // today has its own sessions below
        slot({ ...base, startsAt: at(day, hour), status: day < 0 ? pastStatus() : 'booked' });
      }
    } else if (plan.kind === 'occasional') {
      // A few sessions at varying times, the last within 60 days, none or one ahead: active without a standing time.
      const last = r.int(3, 50);
      for (let k = 0; k < r.int(2, 6); k++) {
        const day = -(last + k * r.int(8, 20));
        slot({ ...base, startsAt: at(day, 9 + ((k * 3 + index) % 11)), status: pastStatus() });
      }
      if (index % 2 === 0) slot({ ...base, startsAt: at(r.int(2, 9), 19), status: 'booked' });
    } else {
      // Came for a while and stopped 70–330 days ago: in the archive.
      const stopped = r.int(70, 330);
      const count = r.int(2, 14);
      for (let k = 0; k < count; k++) {
        slot({ ...base, startsAt: at(-(stopped + k * 7), 9 + (index % 11)), status: pastStatus() });
      }
    }
  }

  // Today: one session whose room is open now (it starts within 5 minutes), two more later.
  const soon = Math.floor(now.getTime() / (5 * 60_000)) * 5 * 60_000 + 5 * 60_000;
  const todays = [soon, soon + 2 * HOUR + 25 * 60_000, soon + 4 * HOUR + 55 * 60_000];
  for (const [k, start] of todays.entries()) {
    const base = withStandingTime[k * 5];
    if (base) slot({ ...base, startsAt: new Date(start), status: 'booked' });
  }

  const inserted: { id: number; status: TSlotRow['status']; startsAt: Date }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    inserted.push(
      ...(await db
        .insert(slots)
        .values(rows.slice(i, i + 200))
        .onConflictDoNothing()
        .returning({ id: slots.id, status: slots.status, startsAt: slots.startsAt })),
    );
  }

  // The post-session form after most completed sessions of the last three months.
  const forms = inserted
    .filter((s) => s.status === 'completed' && s.startsAt.getTime() > today - 90 * DAY)
    .filter((_, i) => i % 4 !== 3)
    .map((s, i) => ({
      slotId: s.id,
      therapistId,
      types: i % 9 === 0 ? ['browser_mobile', 'audio_only'] : [i % 3 === 0 ? 'browser_mobile' : 'browser_desktop'],
      comment: i % 5 === 0 ? 'Связь была стабильной, клиент подключился вовремя.' : null,
      createdAt: new Date(s.startsAt.getTime() + HOUR),
      updatedAt: new Date(s.startsAt.getTime() + HOUR),
    }));
  for (let i = 0; i < forms.length; i += 200) await db.insert(videoConnectionReports).values(forms.slice(i, i + 200));
}
