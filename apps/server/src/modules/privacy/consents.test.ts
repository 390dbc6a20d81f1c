import { CONSENT_TEXTS, ZConsentsResponseSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consentRecords, employees } from '../../db/schema/index.ts';
import { createBusiness, createBusinessAccount, createClient, createEmployee } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

async function consentsOf(headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/consents', headers });
  expect(response.statusCode).toBe(200);
  return ZConsentsResponseSchema.parse(response.json()).consents;
}

describe('versioned consent', () => {
  it('stores each text accepted at sign-up with its version, time and address', async () => {
    const email = `consent-${Date.now()}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      headers: { 'user-agent': 'Consent Browser' },
      payload: { email, password: 'correct horse battery staple', first_name: 'Аня', consent: true },
    });
    expect(response.statusCode).toBe(200);
    const userId = t.ctx.hashids.decode('user', response.json().user.hashid) ?? -1;
    const records = await t.ctx.db.select().from(consentRecords).where(eq(consentRecords.userId, userId));
    expect(records.map((r) => [r.kind, r.version, r.action, r.userAgent])).toEqual([
      ['health_data', CONSENT_TEXTS.health_data.version, 'accepted', 'Consent Browser'],
      ['offer', CONSENT_TEXTS.offer.version, 'accepted', 'Consent Browser'],
      ['share_with_therapist', CONSENT_TEXTS.share_with_therapist.version, 'accepted', 'Consent Browser'],
    ]);
    expect(records.every((r) => r.ip)).toBe(true);
    const cookie = response.cookies.find((c) => c.name === 'sid');
    const consents = await consentsOf({ cookie: `sid=${cookie?.value}` });
    expect(consents.map((c) => [c.kind, c.needs_acceptance])).toEqual([
      ['health_data', false],
      ['offer', false],
      ['share_with_therapist', false],
    ]);
  });

  it('asks again for a text whose version changed, and stores the new acceptance', async () => {
    const client = await createClient(t.ctx.db);
    const { headers } = await sessionOf(t, client);
    // Signed up under an older text: every sign-up text needs accepting again.
    await t.ctx.db.insert(consentRecords).values([
      { userId: client.id, kind: 'health_data', version: '2025-01-01', action: 'accepted' },
      { userId: client.id, kind: 'offer', version: CONSENT_TEXTS.offer.version, action: 'accepted' },
      {
        userId: client.id,
        kind: 'share_with_therapist',
        version: CONSENT_TEXTS.share_with_therapist.version,
        action: 'accepted',
      },
    ]);
    const before = await consentsOf(headers);
    expect(before.filter((c) => c.needs_acceptance).map((c) => c.kind)).toEqual(['health_data']);
    expect(before[0]?.accepted?.version).toBe('2025-01-01');

    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/consents',
      headers,
      payload: { accept: [{ kind: 'health_data', version: '2025-01-01' }] },
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.code).toBe('consent_required');

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/consents',
      headers: { ...headers, 'user-agent': 'Again Browser' },
      payload: { accept: [{ kind: 'health_data', version: CONSENT_TEXTS.health_data.version }] },
    });
    expect(accepted.statusCode).toBe(200);
    expect(ZConsentsResponseSchema.parse(accepted.json()).consents.some((c) => c.needs_acceptance)).toBe(false);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, client.id));
    expect(audit).toMatchObject([
      {
        action: 'consent_accepted',
        userAgent: 'Again Browser',
        details: { consent: 'health_data', version: CONSENT_TEXTS.health_data.version },
      },
    ]);
  });

  it('lets an invited employee withdraw the employer’s view, which hides their usage; a required consent cannot be', async () => {
    const account = await createBusinessAccount(t.ctx.db);
    const business = await createBusiness(t.ctx.db, { accountUserId: account.id });
    const client = await createClient(t.ctx.db);
    const employee = await createEmployee(t.ctx.db, {
      businessId: business.id,
      userId: client.id,
      usageConsentAt: new Date(),
    });
    const { headers } = await sessionOf(t, client);
    const consents = await consentsOf(headers);
    expect(consents.find((c) => c.kind === 'employer_usage')).toMatchObject({
      required: false,
      accepted: { version: CONSENT_TEXTS.employer_usage.version },
      withdrawal: CONSENT_TEXTS.employer_usage.withdrawal,
    });

    const refused = await t.app.inject({ method: 'DELETE', url: '/api/v1/user/consents/health_data', headers });
    expect(refused.statusCode).toBe(409);

    const withdrawn = await t.app.inject({ method: 'DELETE', url: '/api/v1/user/consents/employer_usage', headers });
    expect(withdrawn.statusCode).toBe(200);
    expect(
      ZConsentsResponseSchema.parse(withdrawn.json()).consents.find((c) => c.kind === 'employer_usage')?.accepted,
    ).toBeNull();
    const [row] = await t.ctx.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(row?.usageConsentAt).toBeNull();
    // The employer's page now shows the employee's cells hidden.
    const page = await t.app.inject({
      url: `/api/v1/business_accounts/businesses/${t.ctx.hashids.encode('business', business.id)}/employees`,
      headers: (await sessionOf(t, account)).headers,
    });
    expect(page.json().rows[0].usage_shared).toBe(false);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/consents',
      headers,
      payload: { accept: [{ kind: 'employer_usage', version: CONSENT_TEXTS.employer_usage.version }] },
    });
    expect(again.statusCode).toBe(200);
    const [shared] = await t.ctx.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(shared?.usageConsentAt).not.toBeNull();
  });

  it('does not offer the employer’s view to a client who is nobody’s employee', async () => {
    const client = await createClient(t.ctx.db);
    const { headers } = await sessionOf(t, client);
    expect((await consentsOf(headers)).map((c) => c.kind)).not.toContain('employer_usage');
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/user/consents/employer_usage', headers });
    expect(response.statusCode).toBe(404);
  });
});
