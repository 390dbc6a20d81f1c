import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import {
  availabilityExceptions,
  availabilityRules,
  businesses,
  clientPasses,
  curators,
  employees,
  passes,
  slots,
  type TEducation,
  type TGenomAnswers,
  type TSlotRow,
  type TUserRow,
  therapists,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';

export const DEMO_PASSWORD = 'demo-password';

let counter = 0;
/** An e-mail no other call (in this process or a parallel one) returns. */
export const uniqueEmail = (prefix: string): string =>
  `${prefix}-${++counter}-${randomBytes(4).toString('hex')}@example.test`;

const hashes = new Map<string, Promise<string>>();
// argon2 is slow by design; factories hash each distinct password once per process.
const passwordHashOf = (password: string): Promise<string> => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

type TUserOverrides = Partial<{
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  tz: string;
  signedUp: boolean;
  currency: 'rub' | 'eur';
}>;

async function insertUser(db: TDb, role: TUserRow['role'], o: TUserOverrides): Promise<TUserRow> {
  const [user] = await db
    .insert(users)
    .values({
      email: o.email ?? uniqueEmail(role),
      passwordHash: await passwordHashOf(o.password ?? DEMO_PASSWORD),
      role,
      firstName: o.firstName ?? 'Тест',
      lastName: o.lastName ?? 'Тестов',
      tz: o.tz ?? 'Europe/Moscow',
      signedUp: o.signedUp ?? role !== 'client',
      currency: o.currency ?? 'rub',
      ...(role === 'client' ? { consentVersion: '2026-11-01', consentAt: new Date() } : {}),
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  return user;
}

export const createClient = (db: TDb, o: TUserOverrides = {}) => insertUser(db, 'client', o);
export const createBusinessAccount = (db: TDb, o: TUserOverrides = {}) => insertUser(db, 'business_account', o);

export async function createCurator(db: TDb, o: { name?: string; link?: string | null } = {}) {
  const [curator] = await db
    .insert(curators)
    .values({ name: o.name ?? 'Куратор', link: o.link ?? null })
    .returning();
  if (!curator) throw new Error('curator not inserted');
  return curator;
}

type TTherapistOverrides = TUserOverrides &
  Partial<{
    female: boolean;
    curatorId: number | null;
    mustSignAgreement: boolean;
    mustSignContract: boolean;
    education: TEducation[];
    practiceStart: string | null;
    single: boolean;
    couple: boolean;
    genom: TGenomAnswers;
    avatarThumb: string | null;
    avatarLarge: string | null;
  }>;

export async function createTherapist(db: TDb, o: TTherapistOverrides = {}) {
  const user = await insertUser(db, 'therapist', o);
  await db.insert(therapists).values({
    userId: user.id,
    female: o.female ?? true,
    curatorId: o.curatorId ?? null,
    mustSignAgreement: o.mustSignAgreement ?? false,
    mustSignContract: o.mustSignContract ?? false,
    education: o.education ?? [],
    practiceStart: o.practiceStart ?? '2018-09-01',
    single: o.single ?? true,
    couple: o.couple ?? false,
    genom: o.genom ?? {},
    avatarThumb: o.avatarThumb ?? null,
    avatarLarge: o.avatarLarge ?? null,
  });
  return user;
}

export async function createBusiness(db: TDb, o: { accountUserId: number; name?: string; startedOn?: string }) {
  const [business] = await db
    .insert(businesses)
    .values({ accountUserId: o.accountUserId, name: o.name ?? 'ООО «Тест»', startedOn: o.startedOn ?? '2024-01-01' })
    .returning();
  if (!business) throw new Error('business not inserted');
  return business;
}

export async function createEmployee(
  db: TDb,
  o: {
    businessId: number;
    userId?: number | null;
    email?: string;
    firstName?: string;
    lastName?: string;
    promocodesBlocked?: boolean;
    joinedOn?: string;
    leftOn?: string | null;
    usageConsentAt?: Date | null;
  },
) {
  const [employee] = await db
    .insert(employees)
    .values({
      businessId: o.businessId,
      userId: o.userId ?? null,
      email: o.email ?? uniqueEmail('employee'),
      firstName: o.firstName ?? '',
      lastName: o.lastName ?? '',
      promocodesBlocked: o.promocodesBlocked ?? false,
      joinedOn: o.joinedOn ?? '2024-01-01',
      leftOn: o.leftOn ?? null,
      usageConsentAt: o.usageConsentAt ?? null,
    })
    .returning();
  if (!employee) throw new Error('employee not inserted');
  return employee;
}

export async function createSlot(
  db: TDb,
  o: {
    therapistId: number;
    clientId: number;
    /** The second client of a couple session. */
    partnerClientId?: number | null;
    startsAt: Date;
    status?: TSlotRow['status'];
    holdExpiresAt?: Date | null;
    clientPassId?: number | null;
    therapyType?: 'single' | 'couple';
    durationMin?: number;
    bufferMinutes?: number;
  },
) {
  const [slot] = await db
    .insert(slots)
    .values({
      therapistId: o.therapistId,
      clientId: o.clientId,
      partnerClientId: o.partnerClientId ?? null,
      startsAt: o.startsAt,
      blockedUntil: new Date(o.startsAt.getTime() + ((o.durationMin ?? 50) + (o.bufferMinutes ?? 10)) * 60_000),
      status: o.status ?? 'booked',
      therapyType: o.therapyType ?? 'single',
      durationMin: o.durationMin ?? 50,
      holdExpiresAt: o.holdExpiresAt ?? null,
      clientPassId: o.clientPassId ?? null,
    })
    .returning();
  if (!slot) throw new Error('slot not inserted');
  return slot;
}

export async function createPass(
  db: TDb,
  o: Partial<{
    tier: 'standard' | 'senior' | 'expert';
    therapyType: 'single' | 'couple';
    sessionsCount: number;
    priceRub: number;
    priceEur: number;
    active: boolean;
  }> = {},
) {
  const sessionsCount = o.sessionsCount ?? 4;
  const [pass] = await db
    .insert(passes)
    .values({
      tier: o.tier ?? 'standard',
      therapyType: o.therapyType ?? 'single',
      sessionsCount,
      priceRub: o.priceRub ?? sessionsCount * 3_500_00,
      priceEur: o.priceEur ?? sessionsCount * 40_00,
      active: o.active ?? true,
    })
    .returning();
  if (!pass) throw new Error('pass not inserted');
  return pass;
}

/** A pass the client owns; active with all its sessions unless told otherwise. */
export async function createClientPass(
  db: TDb,
  o: {
    userId: number;
    passId: number;
    status?: 'pending_purchase' | 'active' | 'used_up' | 'expired' | 'cancelled' | 'refunded';
    sessionsTotal?: number;
    sessionsLeft?: number;
  },
) {
  const total = o.sessionsTotal ?? 4;
  const [clientPass] = await db
    .insert(clientPasses)
    .values({
      userId: o.userId,
      passId: o.passId,
      status: o.status ?? 'active',
      sessionsTotal: total,
      sessionsLeft: o.sessionsLeft ?? total,
      activatedAt: (o.status ?? 'active') === 'active' ? new Date() : null,
    })
    .returning();
  if (!clientPass) throw new Error('client pass not inserted');
  return clientPass;
}

/** Weekly hours (weekday 0 = Monday, minutes of the local day) and session settings of a therapist. */
export async function setTherapistSchedule(
  db: TDb,
  therapistId: number,
  o: {
    rules: { weekday: number; startMinute: number; endMinute: number }[];
    sessionMinutes?: number;
    bufferMinutes?: number;
    tier?: 'standard' | 'senior' | 'expert';
    acceptingClients?: boolean;
  },
) {
  await db
    .update(therapists)
    .set({
      sessionMinutes: o.sessionMinutes ?? 50,
      bufferMinutes: o.bufferMinutes ?? 10,
      ...(o.tier ? { tier: o.tier } : {}),
      ...(o.acceptingClients === undefined ? {} : { acceptingClients: o.acceptingClients }),
    })
    .where(eq(therapists.userId, therapistId));
  await db.delete(availabilityRules).where(eq(availabilityRules.therapistId, therapistId));
  if (o.rules.length > 0) await db.insert(availabilityRules).values(o.rules.map((r) => ({ therapistId, ...r })));
}

/** A day off or extra hours of a therapist on a local date. */
export async function createAvailabilityException(
  db: TDb,
  o: { therapistId: number; onDate: string; kind: 'day_off' | 'extra_hours'; startMinute?: number; endMinute?: number },
) {
  const [row] = await db
    .insert(availabilityExceptions)
    .values({
      therapistId: o.therapistId,
      onDate: o.onDate,
      kind: o.kind,
      startMinute: o.startMinute ?? null,
      endMinute: o.endMinute ?? null,
    })
    .returning();
  if (!row) throw new Error('exception not inserted');
  return row;
}

/** Many signed-up clients in one insert (the demo's staff), all with the demo password. */
export async function createClientsInBulk(
  db: TDb,
  list: readonly { email: string; firstName: string; lastName: string; tz: string }[],
): Promise<TUserRow[]> {
  if (!list.length) return [];
  const passwordHash = await passwordHashOf(DEMO_PASSWORD);
  return db
    .insert(users)
    .values(
      list.map((o) => ({
        ...o,
        passwordHash,
        role: 'client' as const,
        signedUp: true,
        consentVersion: '2026-11-01',
        consentAt: new Date(),
      })),
    )
    .returning();
}
