import {
  ZApiErrorSchema,
  ZCurrentBusinessAccountSchema,
  ZTherapistCurrentSchema,
  ZUserMeResponseSchema,
} from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createBusinessAccount,
  createClient,
  createCurator,
  createSlot,
  createTherapist,
} from '../../seed/factories.ts';
import { buildTestApp, signIn, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('current user of each role', () => {
  it('GET /api/v1/user/me gives the client with completed sessions counted', async () => {
    const client = await createClient(t.ctx.db, { tz: 'Asia/Vladivostok', signedUp: true, currency: 'eur' });
    const therapist = await createTherapist(t.ctx.db);
    const day = 86_400_000;
    const base = Date.UTC(2025, 0, 6, 10);
    await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(base),
      status: 'completed',
    });
    await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(base + day),
      status: 'completed',
    });
    await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(base + 2 * day),
      status: 'cancelled',
    });
    const { cookie } = await signIn(t.app, client.email);
    const response = await get('/api/v1/user/me', cookie);
    expect(response.statusCode).toBe(200);
    expect(ZUserMeResponseSchema.parse(response.json())).toMatchObject({
      role: 'client',
      tz: 'Asia/Vladivostok',
      signed_up: true,
      currency: 'eur',
      completed_sessions_count: 2,
    });
  });

  it('GET /api/v1/therapist/current gives every spec field with the curator and genom counters', async () => {
    const curator = await createCurator(t.ctx.db, { name: 'Игорь Белов', link: 'https://t.me/belov' });
    const therapist = await createTherapist(t.ctx.db, {
      female: false,
      curatorId: curator.id,
      mustSignContract: true,
      couple: true,
      education: [{ title: 'Психология', institution: 'СПбГУ', year: 2010 }],
      genom: { professions: ['Педагоги'], age_groups: ['18–24'], family_status: 'В браке' },
    });
    const { cookie } = await signIn(t.app, therapist.email);
    const body = ZTherapistCurrentSchema.parse((await get('/api/v1/therapist/current', cookie)).json());
    expect(body).toMatchObject({
      female: false,
      curator_name: 'Игорь Белов',
      curator_link: 'https://t.me/belov',
      must_sign_agreement: false,
      must_sign_contract: true,
      single: true,
      couple: true,
      practice_start: '2018-09-01',
      genom_filled: { about_clients: [2, 5], private_info: [1, 9] },
    });
    expect(body.curator_id).not.toBe(String(curator.id));
    expect(body.education).toHaveLength(1);
  });

  it('GET current_business_account lists only the account’s own businesses with their years', async () => {
    const account = await createBusinessAccount(t.ctx.db);
    const other = await createBusinessAccount(t.ctx.db);
    await createBusiness(t.ctx.db, { accountUserId: account.id, name: 'ООО «Первая»', startedOn: '2024-05-01' });
    await createBusiness(t.ctx.db, { accountUserId: other.id, name: 'ООО «Чужая»' });
    const { cookie } = await signIn(t.app, account.email);
    const body = ZCurrentBusinessAccountSchema.parse(
      (await get('/api/v1/business_accounts/current_business_account', cookie)).json(),
    );
    expect(body.businesses.map((b) => b.name)).toEqual(['ООО «Первая»']);
    const thisYear = new Date().getUTCFullYear();
    expect(body.businesses[0]?.years[0]).toBe(thisYear);
    expect(body.businesses[0]?.years.at(-1)).toBe(2024);
  });

  it.each(['/api/v1/user/me', '/api/v1/therapist/current', '/api/v1/business_accounts/current_business_account'])(
    '%s answers 401 without a session',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(ZApiErrorSchema.parse(response.json()).error.message).toBe('Войдите в аккаунт, чтобы продолжить');
    },
  );

  it('refuses another role with 403', async () => {
    const client = await createClient(t.ctx.db);
    const { cookie } = await signIn(t.app, client.email);
    for (const url of ['/api/v1/therapist/current', '/api/v1/business_accounts/current_business_account']) {
      expect((await get(url, cookie)).statusCode).toBe(403);
    }
  });
});
