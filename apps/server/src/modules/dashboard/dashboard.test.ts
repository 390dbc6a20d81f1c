import { ZLkDataSchema, ZLkWidgetsSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses } from '../../db/schema/index.ts';
import {
  createBusiness,
  createBusinessAccount,
  createClient,
  createClientPass,
  createEmployee,
  createPass,
  createSlot,
  createTherapist,
} from '../../seed/factories.ts';
import { buildTestApp, signIn, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const DAY = 86_400_000;

describe('client dashboard', () => {
  it('shows the next session, the therapist, sessions left and what was done', async () => {
    const client = await createClient(t.ctx.db, { signedUp: true });
    const therapist = await createTherapist(t.ctx.db, { firstName: 'Вера', lastName: 'Лебедева' });
    const pass = await createPass(t.ctx.db, { sessionsCount: 4 });
    const owned = await createClientPass(t.ctx.db, { userId: client.id, passId: pass.id, sessionsLeft: 3 });
    const expiresAt = new Date(Date.now() + 30 * DAY + 123);
    await t.ctx.db.update(clientPasses).set({ expiresAt }).where(eq(clientPasses.id, owned.id));
    const base = Date.now();
    await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(base - 7 * DAY),
      status: 'completed',
    });
    await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(base - 14 * DAY),
      status: 'completed',
    });
    const next = await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(base + 2 * DAY),
      clientPassId: owned.id,
    });
    await createSlot(t.ctx.db, { therapistId: therapist.id, clientId: client.id, startsAt: new Date(base + 9 * DAY) });
    const session = await signIn(t.app, client.email);

    const data = ZLkDataSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/lk_data', headers: session.headers })).json(),
    );
    expect(data).toMatchObject({
      completed_sessions_count: 2,
      upcoming_sessions_count: 2,
      sessions_left: 3,
      pass: { sessions_total: 4, sessions_left: 3, status: 'active' },
      therapist: { first_name: 'Вера', last_name: 'Лебедева' },
      employer: null,
    });
    expect(data.pass?.expires_at).toBe(expiresAt.toISOString());
    expect(data.therapist?.id).toBe(t.ctx.hashids.encode('user', therapist.id));
    expect(data.next_session?.id).toBe(t.ctx.hashids.encode('slot', next.id));
    expect(Date.parse(data.next_session?.join_opens_at ?? '')).toBe(next.startsAt.getTime() - 10 * 60_000);
    expect(Date.parse(data.next_session?.free_cancel_until ?? '')).toBe(next.startsAt.getTime() - DAY);

    const { widgets } = ZLkWidgetsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/lk_widgets', headers: session.headers })).json(),
    );
    expect(widgets.map((w) => w.kind)).toEqual(['next_session', 'pass', 'progress']);
    expect(widgets.find((w) => w.kind === 'pass')?.text).toBe('Осталось 3 сессии.');
    expect(widgets.find((w) => w.kind === 'progress')?.text).toBe('Проведено 2 сессии.');
  });

  it('tells an employee that the employer covers their sessions, and a new client to fill in the questionnaire', async () => {
    const account = await createBusinessAccount(t.ctx.db);
    const business = await createBusiness(t.ctx.db, { accountUserId: account.id, name: 'ООО «Опора»' });
    const employee = await createClient(t.ctx.db, { signedUp: false });
    await createEmployee(t.ctx.db, { businessId: business.id, userId: employee.id, email: employee.email });
    const session = await signIn(t.app, employee.email);
    const data = ZLkDataSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/lk_data', headers: session.headers })).json(),
    );
    expect(data).toMatchObject({
      employer: { business_name: 'ООО «Опора»', covers_sessions: true },
      next_session: null,
      pass: null,
    });
    const { widgets } = ZLkWidgetsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/lk_widgets', headers: session.headers })).json(),
    );
    expect(widgets.map((w) => w.kind)).toEqual(['finish_signup', 'employer']);
  });

  it('is for clients only', async () => {
    const therapist = await createTherapist(t.ctx.db);
    const session = await signIn(t.app, therapist.email);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/lk_data', headers: session.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/lk_widgets' })).statusCode).toBe(401);
  });
});
