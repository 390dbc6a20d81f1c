import { ZDataViewsResponseSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import {
  createBusiness,
  createBusinessAccount,
  createClient,
  createEmployee,
  createSlot,
  createTherapist,
} from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const DAY = 86_400_000;

async function dataViews(user: Parameters<typeof sessionOf>[1]) {
  const { headers } = await sessionOf(t, user);
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/data_views', headers });
  expect(response.statusCode).toBe(200);
  return ZDataViewsResponseSchema.parse(response.json()).views;
}

describe('«Кто видел мои данные»', () => {
  it('lists the therapist opening the client page, with where it came from kept in the trail', async () => {
    const therapist = await createTherapist(t.ctx.db, { firstName: 'Ирина', lastName: 'Смирнова' });
    const client = await createClient(t.ctx.db);
    const other = await createClient(t.ctx.db);
    await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(Date.now() - 7 * DAY),
      status: 'completed',
    });
    expect(await dataViews(client)).toEqual([]);

    const { headers } = await sessionOf(t, therapist);
    const id = t.ctx.hashids.encode('user', client.id);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/therapist/users/${id}`,
      headers: { ...headers, 'user-agent': 'Mozilla/5.0 Test', 'x-forwarded-for': '198.51.100.4' },
    });
    expect(page.statusCode).toBe(200);

    const views = await dataViews(client);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      viewer: { kind: 'therapist', name: 'Ирина Смирнова' },
      action: 'client_page',
      label: 'Открыл(а) вашу карточку клиента: анкету, сессии и записи после сессий',
    });
    expect(Date.now() - Date.parse(views[0]?.at ?? '')).toBeLessThan(60_000);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, client.id));
    expect(entry).toMatchObject({ actorId: therapist.id, actorRole: 'therapist', userAgent: 'Mozilla/5.0 Test' });
    expect(entry?.ip).toBeTruthy();
    // Nobody else's list shows it.
    expect(await dataViews(other)).toEqual([]);
  });

  it('does not record a refused read: another therapist asking for the client gets 404 and leaves no entry', async () => {
    const stranger = await createTherapist(t.ctx.db);
    const client = await createClient(t.ctx.db);
    const { headers } = await sessionOf(t, stranger);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/therapist/users/${t.ctx.hashids.encode('user', client.id)}`,
      headers,
    });
    expect(page.statusCode).toBe(404);
    expect(await dataViews(client)).toEqual([]);
  });

  it('lists the employer viewing the usage of an employee who shared it, and not of one who did not', async () => {
    const account = await createBusinessAccount(t.ctx.db);
    const business = await createBusiness(t.ctx.db, { accountUserId: account.id, name: 'Ромашка' });
    const sharing = await createClient(t.ctx.db);
    const private_ = await createClient(t.ctx.db);
    await createEmployee(t.ctx.db, { businessId: business.id, userId: sharing.id, usageConsentAt: new Date() });
    await createEmployee(t.ctx.db, { businessId: business.id, userId: private_.id, usageConsentAt: null });
    const { headers } = await sessionOf(t, account);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/business_accounts/businesses/${t.ctx.hashids.encode('business', business.id)}/employees`,
      headers,
    });
    expect(list.statusCode).toBe(200);
    expect(await dataViews(sharing)).toMatchObject([
      { viewer: { kind: 'business_account', name: 'Ромашка' }, action: 'business_employees' },
    ]);
    expect(await dataViews(private_)).toEqual([]);
  });

  it('is the client’s own: other roles are refused', async () => {
    const therapist = await createTherapist(t.ctx.db);
    const { headers } = await sessionOf(t, therapist);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/data_views', headers });
    expect(response.statusCode).toBe(403);
  });
});

describe('changes in the trail', () => {
  it('records the consent given at sign-up with its version and address', async () => {
    const email = `audit-${Date.now()}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      headers: { 'user-agent': 'SignUp Browser' },
      payload: { email, password: 'correct horse battery staple', first_name: 'Аня', consent: true },
    });
    expect(response.statusCode).toBe(200);
    const hashid = response.json<{ user: { hashid: string } }>().user.hashid;
    const userId = t.ctx.hashids.decode('user', hashid);
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, userId ?? -1));
    expect(entries.map((e) => e.details?.consent)).toEqual(['health_data', 'offer', 'share_with_therapist']);
    expect(entries[0]).toMatchObject({
      action: 'consent_accepted',
      kind: 'change',
      actorId: userId,
      userAgent: 'SignUp Browser',
    });
  });
});
