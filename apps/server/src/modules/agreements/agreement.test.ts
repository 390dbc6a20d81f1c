import { ZAgreementSchema, ZApiErrorSchema, ZTherapistCurrentSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agreementSignatures } from '../../db/schema/index.ts';
import { createBusinessAccount, createClient, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from '../../test/app.ts';
import { AGREEMENT_VERSIONS, textHash } from './documents.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const current = async (session: TSignedIn) =>
  ZTherapistCurrentSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/therapist/current', headers: session.headers })).json(),
  );
const sign = (session: TSignedIn, kind: string, version: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/therapist/agreements/${kind}/sign`,
    headers: { ...session.headers, 'user-agent': 'vitest-browser' },
    payload: { version },
  });

describe('agreement and contract', () => {
  const original = AGREEMENT_VERSIONS.agreement;
  afterEach(() => {
    AGREEMENT_VERSIONS.agreement = original;
  });

  it('a flagged therapist reads the current version, signs it, and the flag clears; the signature keeps version, time and address', async () => {
    const therapist = await createTherapist(t.ctx.db, { mustSignAgreement: true });
    const session = await signIn(t.app, therapist.email);
    expect(await current(session)).toMatchObject({ must_sign_agreement: true, must_sign_contract: false });

    const read = ZAgreementSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/therapist/agreements/agreement', headers: session.headers })
      ).json(),
    );
    expect(read).toMatchObject({ kind: 'agreement', version: 1, must_sign: true, signed: null });
    expect(read.body.length).toBeGreaterThan(100);

    const before = Date.now();
    const signed = await sign(session, 'agreement', read.version);
    expect(signed.statusCode).toBe(200);
    const body = ZAgreementSchema.parse(signed.json());
    expect(body.must_sign).toBe(false);
    expect(body.signed?.version).toBe(1);
    expect(Date.parse(body.signed?.signed_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await current(session)).toMatchObject({ must_sign_agreement: false });

    const rows = await t.ctx.db
      .select()
      .from(agreementSignatures)
      .where(eq(agreementSignatures.therapistUserId, therapist.id));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'agreement',
        version: 1,
        ip: '127.0.0.1',
        userAgent: 'vitest-browser',
        textSha256: textHash(original[0] as (typeof original)[number]),
      }),
    ]);
    // Signing again keeps the one signature.
    expect((await sign(session, 'agreement', 1)).statusCode).toBe(200);
    expect(
      await t.ctx.db.select().from(agreementSignatures).where(eq(agreementSignatures.therapistUserId, therapist.id)),
    ).toHaveLength(1);
  });

  it('a new version raises the flag again for those who signed the old one, and refuses signing the old one', async () => {
    const therapist = await createTherapist(t.ctx.db, { mustSignAgreement: true });
    const session = await signIn(t.app, therapist.email);
    expect((await sign(session, 'agreement', 1)).statusCode).toBe(200);
    const never = await signIn(t.app, (await createTherapist(t.ctx.db)).email);

    AGREEMENT_VERSIONS.agreement = [...original, { version: 2, title: 'Соглашение, ред. 2', body: 'Новый пункт.' }];
    expect(await current(session)).toMatchObject({ must_sign_agreement: true });
    // Someone never asked to sign stays unflagged.
    expect(await current(never)).toMatchObject({ must_sign_agreement: false });

    const stale = await sign(session, 'agreement', 1);
    expect(stale.statusCode).toBe(409);
    expect(ZApiErrorSchema.parse(stale.json()).error.message).toBe(
      'Документ обновился: прочитайте новую редакцию и подпишите её',
    );
    expect(await current(session)).toMatchObject({ must_sign_agreement: true });

    const fresh = ZAgreementSchema.parse((await sign(session, 'agreement', 2)).json());
    expect(fresh).toMatchObject({ version: 2, must_sign: false, signed: { version: 2 } });
    expect(await current(session)).toMatchObject({ must_sign_agreement: false });
  });

  it('signs the contract on its own flag', async () => {
    const therapist = await createTherapist(t.ctx.db, { mustSignContract: true });
    const session = await signIn(t.app, therapist.email);
    expect(await current(session)).toMatchObject({ must_sign_agreement: false, must_sign_contract: true });
    expect(ZAgreementSchema.parse((await sign(session, 'contract', 1)).json()).must_sign).toBe(false);
    expect(await current(session)).toMatchObject({ must_sign_contract: false });
  });

  it('refuses unknown kinds and bad versions, other roles and a missing CSRF token', async () => {
    const therapist = await createTherapist(t.ctx.db, { mustSignAgreement: true });
    const session = await signIn(t.app, therapist.email);
    expect((await sign(session, 'nda', 1)).statusCode).toBe(422);
    const badVersion = await sign(session, 'agreement', 'первая');
    expect(ZApiErrorSchema.parse(badVersion.json()).error.fields).toEqual({ version: 'Укажите версию документа' });
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/v1/therapist/agreements/agreement/sign',
      headers: { cookie: session.cookie },
      payload: { version: 1 },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await current(session)).toMatchObject({ must_sign_agreement: true });
    for (const user of [await createClient(t.ctx.db), await createBusinessAccount(t.ctx.db)]) {
      const other = await signIn(t.app, user.email);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/therapist/agreements/agreement', headers: other.headers }))
          .statusCode,
      ).toBe(403);
      expect((await sign(other, 'agreement', 1)).statusCode).toBe(403);
    }
  });
});
