import { CONSENT_TEXTS, routes } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords } from '../db/schema/index.ts';
import { createBusiness, createBusinessAccount, createClient, createEmployee } from '../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../test/app.ts';
import { sessionOf } from '../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const current = (kind: keyof typeof CONSENT_TEXTS) => ({ kind, version: CONSENT_TEXTS[kind].version });

/** A client who accepted the sign-up texts, the health-data one in a version older than today's. */
async function clientWithOutdatedConsent() {
  const client = await createClient(t.ctx.db);
  await t.ctx.db.insert(consentRecords).values([
    { userId: client.id, kind: 'health_data', version: '2025-01-01', action: 'accepted' },
    { userId: client.id, ...current('offer'), action: 'accepted' },
    { userId: client.id, ...current('share_with_therapist'), action: 'accepted' },
  ]);
  return { client, session: await sessionOf(t, client) };
}

describe('consent enforced by the server', () => {
  it('refuses a data route to a client with an outdated required consent, and admits them once accepted', async () => {
    const { session } = await clientWithOutdatedConsent();
    const { headers } = session;
    const refused = await t.app.inject({ url: '/api/v1/user/questions', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'consent_pending',
      message: 'Условия обновились: прочитайте и примите новую версию согласия, чтобы продолжить',
    });
    // A write is refused too (before its own validation: the body does not matter).
    const write = await t.app.inject({ method: 'PUT', url: '/api/v1/user/signup/questions', headers, payload: {} });
    expect(write.json().error.code).toBe('consent_pending');

    // What the gate itself needs stays open.
    for (const url of [
      '/api/v1/user/me',
      '/api/v1/user/consents',
      '/api/v1/auth/sessions',
      '/api/v1/user/data_views',
    ]) {
      expect((await t.app.inject({ url, headers })).statusCode, url).toBe(200);
    }

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/consents',
      headers,
      payload: { accept: [current('health_data')] },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/user/questions', headers })).statusCode).toBe(200);
  });

  it('lets a client who does not accept sign out', async () => {
    const { session } = await clientWithOutdatedConsent();
    const response = await t.app.inject({ method: 'POST', url: '/user/auth/logout', headers: session.headers });
    expect(response.statusCode).toBe(200);
  });

  it('asks a client who never accepted a required text (no record, no sign-up consent)', async () => {
    const client = await createClient(t.ctx.db);
    await t.ctx.db.insert(consentRecords).values({ userId: client.id, ...current('offer'), action: 'withdrawn' });
    const { headers } = await sessionOf(t, client);
    expect((await t.app.inject({ url: '/api/v1/user/questions', headers })).json().error.code).toBe('consent_pending');
  });

  it('does not hold back a client who withdrew the optional employer’s view', async () => {
    const account = await createBusinessAccount(t.ctx.db);
    const business = await createBusiness(t.ctx.db, { accountUserId: account.id });
    const client = await createClient(t.ctx.db);
    await createEmployee(t.ctx.db, { businessId: business.id, userId: client.id, usageConsentAt: new Date() });
    const { headers } = await sessionOf(t, client);
    const withdrawn = await t.app.inject({ method: 'DELETE', url: '/api/v1/user/consents/employer_usage', headers });
    expect(withdrawn.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/user/questions', headers })).statusCode).toBe(200);
  });

  it('leaves therapists and business accounts alone (the texts are the client’s)', async () => {
    const account = await createBusinessAccount(t.ctx.db);
    const { headers } = await sessionOf(t, account);
    const response = await t.app.inject({ url: '/api/v1/business_accounts/current_business_account', headers });
    expect(response.statusCode).toBe(200);
  });

  it('marks only the gate’s own routes as open before consent', () => {
    const open = Object.entries(routes)
      .filter(([, def]) => 'beforeConsent' in def && def.beforeConsent)
      .map(([name]) => name)
      .sort();
    expect(open).toEqual(
      [
        'acceptConsents',
        'activeSessions',
        'changePassword',
        'clientLogout',
        'dataExportFile',
        'dataExports',
        'endActiveSession',
        'eraseAccount',
        'endOtherSessions',
        'requestDataExport',
        'setLanguage',
        'userConsents',
        'userDataViews',
        'userMe',
        'withdrawConsent',
      ].sort(),
    );
  });
});
