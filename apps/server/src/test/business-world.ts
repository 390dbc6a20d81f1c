import { rebuildBusinessUsage } from '../modules/business/rebuild-usage.ts';
import {
  createBusiness,
  createBusinessAccount,
  createClient,
  createEmployee,
  createSlot,
  createTherapist,
  uniqueEmail,
} from '../seed/factories.ts';
import type { TTestApp } from './app.ts';

/**
 * Two business accounts for the employer's tests. Account A's business has 20 employees in 2025:
 * 5 who share their usage (one done session each in March 2025), one who does not (two done
 * sessions in March) and 14 invited who never signed up. Account B's business has 2 employees with
 * one session: under the privacy threshold.
 */
export async function createBusinessWorld(t: TTestApp) {
  const db = t.ctx.db;
  const therapist = await createTherapist(db);
  const accountA = await createBusinessAccount(db);
  const accountB = await createBusinessAccount(db);
  const businessA = await createBusiness(db, {
    accountUserId: accountA.id,
    name: 'ООО «Альфа»',
    startedOn: '2024-06-01',
  });
  const businessB = await createBusiness(db, {
    accountUserId: accountB.id,
    name: 'ИП «Бета»',
    startedOn: '2024-06-01',
  });
  const tag = uniqueEmail('w').split('@')[0];
  let hour = 0;
  // A therapist of its own per world, so parallel worlds never ask for one time.
  const base = Date.UTC(2025, 2, 3, 6);
  const session = (clientId: number) =>
    createSlot(db, {
      therapistId: therapist.id,
      clientId,
      startsAt: new Date(base + hour++ * 3_600_000),
      status: 'completed',
    });

  const sharing = [];
  for (let i = 0; i < 5; i++) {
    const client = await createClient(db, { email: `${tag}-share-${i}@example.test`, signedUp: true });
    const employee = await createEmployee(db, {
      businessId: businessA.id,
      userId: client.id,
      email: client.email,
      joinedOn: '2024-07-01',
      usageConsentAt: new Date('2024-07-02T10:00:00Z'),
    });
    await session(client.id);
    sharing.push({ client, employee });
  }
  const privateClient = await createClient(db, { email: `${tag}-private@example.test`, signedUp: true });
  const privateEmployee = await createEmployee(db, {
    businessId: businessA.id,
    userId: privateClient.id,
    email: privateClient.email,
    joinedOn: '2024-07-01',
  });
  await session(privateClient.id);
  await session(privateClient.id);
  for (let i = 0; i < 14; i++) {
    await createEmployee(db, {
      businessId: businessA.id,
      email: `${tag}-invited-${i}@example.test`,
      joinedOn: '2024-07-01',
    });
  }

  const smallClient = await createClient(db, { email: `${tag}-small@example.test`, signedUp: true });
  const smallEmployee = await createEmployee(db, {
    businessId: businessB.id,
    userId: smallClient.id,
    email: smallClient.email,
    joinedOn: '2024-07-01',
    usageConsentAt: new Date('2024-07-02T10:00:00Z'),
  });
  await createEmployee(db, { businessId: businessB.id, email: `${tag}-small-2@example.test`, joinedOn: '2024-07-01' });
  await session(smallClient.id);

  await rebuildBusinessUsage(db, businessA.id, new Date('2026-01-10T09:30:00Z'));
  await rebuildBusinessUsage(db, businessB.id, new Date('2026-01-10T09:30:00Z'));
  const hashid = (id: number) => t.ctx.hashids.encode('business', id);
  return {
    therapist,
    accountA,
    accountB,
    businessA: { row: businessA, id: hashid(businessA.id) },
    businessB: { row: businessB, id: hashid(businessB.id) },
    sharing,
    privateEmployee: { client: privateClient, employee: privateEmployee },
    smallEmployee: { client: smallClient, employee: smallEmployee },
    tag: tag ?? '',
  };
}
