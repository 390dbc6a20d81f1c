import taxonomies from '@therapy/contract/taxonomies.json' with { type: 'json' };
import { count, sql } from 'drizzle-orm';
import { analyzeTables } from '../db/analyze-tables.ts';
import type { TDb } from '../db/client.ts';
import { type TGenomAnswers, users } from '../db/schema/index.ts';
import { seedDemoAnswers } from './demo-answers.ts';
import { seedDemoBusiness } from './demo-business.ts';
import { seedDemoCommerce } from './demo-commerce.ts';
import { FEMALE_FIRST, MALE_FIRST, SURNAME_ROOTS, UNIVERSITIES } from './demo-names.ts';
import { seedDemoPractice } from './demo-practice.ts';
import { seedDemoSchedule } from './demo-schedule.ts';
import { createClient, createCurator, createSlot, createTherapist } from './factories.ts';
import { createRandom, type TRandom } from './random.ts';

const SEED = 20261122;
const DAY = 86_400_000;

const surname = (root: string, female: boolean) => (female ? `${root.replace(/ё/g, 'ё')}а` : root);
const personName = (r: TRandom, female: boolean) => ({
  firstName: r.pick(female ? FEMALE_FIRST : MALE_FIRST),
  lastName: surname(r.pick(SURNAME_ROOTS), female),
});
const codes = (list: { code: string }[]) => list.map((x) => x.code);

function demoGenom(r: TRandom, share: number): TGenomAnswers {
  const about = taxonomies.genom_about_clients as Record<string, string[]>;
  const priv = taxonomies.genom_private_info as Record<string, string[]>;
  const g: TGenomAnswers = {
    desc: 'Работаю бережно и последовательно, помогаю разобраться в чувствах и найти опору.',
    language_ids: [
      'ru',
      ...r.some(
        codes(taxonomies.languages).filter((c) => c !== 'ru'),
        0,
        2,
      ),
    ],
    working_methods: r.some(codes(taxonomies.therapy_methods), 2, 4),
    topics: r.some(codes(taxonomies.single_topics), 4, 9),
    couple_topics: r.some(codes(taxonomies.couple_topics), 2, 5),
    dob: `${r.int(1962, 1996)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
  };
  for (const [field, options] of Object.entries(about)) if (r.chance(share)) g[field] = r.some(options, 1, 3);
  if (r.chance(share)) g.family_status = r.pick(priv.family_status ?? []);
  if (r.chance(share)) g.communication_format = r.some(priv.communication_format ?? [], 1, 3);
  if (r.chance(share)) g.offline_consultation = r.chance(0.3);
  if (r.chance(share)) g.audio_consultation = r.chance(0.6);
  if (r.chance(share)) g.medical_education = r.chance(0.2);
  return g;
}

/** Sessions at whole hours of Moscow working time, `daysAgo` days before today. */
const sessionAt = (today: number, daysAgo: number, hour: number) =>
  new Date(today - daysAgo * DAY + (hour - 3) * 3_600_000);

/**
 * Fills an empty database with a deterministic demo world: the three demo accounts of the
 * README, a dozen therapists, clients with two years of sessions, and two business accounts (demo-business.ts).
 */
export async function seedDemo(db: TDb, now = new Date()): Promise<void> {
  const r = createRandom(SEED);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  const curatorList = [
    await createCurator(db, { name: 'Екатерина Орлова', link: 'https://t.me/curator_orlova' }),
    await createCurator(db, { name: 'Игорь Белов', link: 'https://t.me/curator_belov' }),
  ];

  const mainGenom: TGenomAnswers = {
    ...demoGenom(r, 0),
    professions: ['ИТ-специалисты', 'Руководители'],
    age_groups: ['25–34', '35–44'],
    family_status: 'В браке',
    communication_format: ['Видео'],
  };
  const mainTherapist = await createTherapist(db, {
    email: 'therapist@example.com',
    firstName: 'Анна',
    lastName: 'Смирнова',
    female: true,
    curatorId: curatorList[0]?.id ?? null,
    mustSignAgreement: true,
    education: [
      { title: 'Клиническая психология', institution: UNIVERSITIES[0] as string, year: 2012 },
      { title: 'Когнитивно-поведенческая терапия', institution: 'Московский институт КПТ', year: 2016 },
    ],
    practiceStart: '2013-09-01',
    single: true,
    couple: true,
    genom: mainGenom,
  });

  const therapistIds = [mainTherapist.id];
  for (let i = 0; i < 11; i++) {
    const female = r.chance(0.7);
    const therapist = await createTherapist(db, {
      email: `therapist-${i + 2}@example.com`,
      ...personName(r, female),
      female,
      tz: r.pick(['Europe/Moscow', 'Europe/Moscow', 'Asia/Yekaterinburg', 'Europe/Belgrade', 'Asia/Tbilisi']),
      curatorId: r.pick(curatorList).id,
      education: [{ title: 'Психология', institution: r.pick(UNIVERSITIES), year: r.int(2000, 2018) }],
      practiceStart: `${r.int(2005, 2021)}-0${r.int(1, 9)}-01`,
      single: true,
      couple: r.chance(0.4),
      genom: demoGenom(r, r.next()),
    });
    therapistIds.push(therapist.id);
  }

  const mainClient = await createClient(db, {
    email: 'client@example.com',
    firstName: 'Мария',
    lastName: 'Иванова',
    tz: 'Europe/Moscow',
    signedUp: true,
  });
  for (const [daysAgo, hour] of [
    [42, 19],
    [35, 19],
    [28, 19],
    [14, 19],
  ] as const) {
    await createSlot(db, {
      therapistId: mainTherapist.id,
      clientId: mainClient.id,
      startsAt: sessionAt(today, daysAgo, hour),
      status: daysAgo === 14 ? 'cancelled' : 'completed',
    });
  }
  await createSlot(db, {
    therapistId: mainTherapist.id,
    clientId: mainClient.id,
    startsAt: sessionAt(today, 7, 19),
    status: 'completed',
  });
  await createSlot(db, { therapistId: mainTherapist.id, clientId: mainClient.id, startsAt: sessionAt(today, -2, 19) });

  await seedDemoSchedule(db, now);
  await seedDemoCommerce(db, now);
  await seedDemoPractice(db, mainTherapist.id, now);
  // Last: its sessions skip any time the sessions above already hold.
  await seedDemoBusiness(db, therapistIds, now);
  // Last of all: everyone signed up has answered the questionnaire and has the suggestions matching gives.
  await seedDemoAnswers(db, { clientId: mainClient.id, topicCodes: strings(mainGenom.topics).slice(0, 2) }, now);
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * Demo accounts share a password printed in the README: a production database never gets them,
 * whatever SEED_DEMO says (config refuses it too; this holds for any other caller).
 */
export async function seedDemoIfEmpty(db: TDb, options: { appEnv?: string } = {}): Promise<boolean> {
  if (options.appEnv === 'production') throw new Error('Demo data is never created with APP_ENV=production');
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  // One transaction: one commit instead of one per statement, and never a half-filled database that the next start
  // would take for a filled one.
  await db.transaction(async (tx) => {
    // Nothing is cached before the demo exists: the read-change triggers would only fill read_changes.
    await tx.execute(sql`select set_config('app.quiet_read_changes', 'on', true)`);
    await seedDemo(tx as unknown as TDb);
  });
  // The seeded tables' statistics at once, before the first request plans on guesses.
  await analyzeTables(db);
  return true;
}
