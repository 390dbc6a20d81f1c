import {
  EDUCATION_DOCUMENT_MAX_BYTES,
  ZApiErrorSchema,
  ZAvatarResponseSchema,
  ZEducationDocumentSchema,
  ZEducationResponseSchema,
  ZTherapistCurrentSchema,
  ZTherapistProfileSchema,
} from '@therapy/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { therapists } from '../../db/schema/index.ts';
import { createBusinessAccount, createClient, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from '../../test/app.ts';
import { PDF, uploadRequest } from '../../test/multipart.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const EDUCATION = '/api/v1/therapist/settings/education';
const DOCUMENTS = '/api/v1/therapist/settings/education/documents';
const AVATAR = '/api/v1/therapist/settings/avatar';

async function therapistSession() {
  const therapist = await createTherapist(t.ctx.db, {
    education: [{ title: 'Клиническая психология', institution: 'МГУ', year: 2010 }],
  });
  return { therapist, session: await signIn(t.app, therapist.email) };
}
const uploadDocument = async (session: TSignedIn, file = PDF, name = 'диплом.pdf', type = 'application/pdf') =>
  t.app.inject(await uploadRequest(session, DOCUMENTS, file, name, type));
const saveEducation = (session: TSignedIn, education: unknown[]) =>
  t.app.inject({ method: 'POST', url: EDUCATION, headers: session.headers, payload: { education } });

describe('education', () => {
  it('lists the saved entries, then saves degrees, courses and certificates with a document', async () => {
    const { session } = await therapistSession();
    const listed = ZEducationResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: EDUCATION, headers: session.headers })).json(),
    );
    expect(listed.education).toEqual([
      expect.objectContaining({
        kind: 'degree',
        title: 'Клиническая психология',
        document: null,
        verification: 'pending',
      }),
    ]);

    const uploaded = await uploadDocument(session);
    expect(uploaded.statusCode).toBe(200);
    const document = ZEducationDocumentSchema.parse(uploaded.json());
    expect(document).toMatchObject({ name: 'диплом.pdf', content_type: 'application/pdf', size: PDF.length });

    const existing = listed.education[0];
    const saved = await saveEducation(session, [
      {
        id: existing?.id,
        kind: 'degree',
        title: 'Клиническая психология',
        institution: 'МГУ',
        year: 2010,
        document_id: null,
      },
      { kind: 'certificate', title: 'Схема-терапия', institution: 'ISST', year: 2021, document_id: document.id },
    ]);
    expect(saved.statusCode).toBe(200);
    const body = ZEducationResponseSchema.parse(saved.json());
    expect(body.education).toHaveLength(2);
    expect(body.education[0]?.id).toBe(existing?.id);
    expect(body.education[1]).toMatchObject({ kind: 'certificate', document: document, verification: 'pending' });
    const again = ZEducationResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: EDUCATION, headers: session.headers })).json(),
    );
    expect(again).toEqual(body);
    // What a client-facing card reads stays the title, institution and year.
    const current = ZTherapistCurrentSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/therapist/current', headers: session.headers })).json(),
    );
    expect(current.education.map((e) => e.title)).toEqual(['Клиническая психология', 'Схема-терапия']);
  });

  it('keeps the verification of an unchanged entry and resets an edited one to pending', async () => {
    const { therapist, session } = await therapistSession();
    const first = ZEducationResponseSchema.parse(
      (
        await saveEducation(session, [
          { kind: 'degree', title: 'Психология', institution: 'СПбГУ', year: 2008, document_id: null },
          { kind: 'course', title: 'КПТ', institution: 'Бек-институт', year: 2015, document_id: null },
        ])
      ).json(),
    );
    const [row] = await t.ctx.db.select().from(therapists).where(eq(therapists.userId, therapist.id));
    await t.ctx.db
      .update(therapists)
      .set({ education: (row?.education ?? []).map((e) => ({ ...e, verification: 'verified' as const })) })
      .where(eq(therapists.userId, therapist.id));
    const [a, b] = first.education;
    const second = ZEducationResponseSchema.parse(
      (
        await saveEducation(session, [
          { id: a?.id, kind: 'degree', title: 'Психология', institution: 'СПбГУ', year: 2008, document_id: null },
          { id: b?.id, kind: 'course', title: 'КПТ', institution: 'Бек-институт', year: 2016, document_id: null },
        ])
      ).json(),
    );
    expect(second.education.map((e) => e.verification)).toEqual(['verified', 'pending']);
  });

  it('answers errors per field in Russian and changes nothing', async () => {
    const { therapist, session } = await therapistSession();
    const other = await therapistSession();
    const foreign = ZEducationDocumentSchema.parse((await uploadDocument(other.session)).json());
    const response = await saveEducation(session, [
      { kind: 'diploma', title: 'П', institution: '', year: 2999, document_id: null },
      { kind: 'course', title: 'Курс', institution: 'Институт', year: 2020, document_id: foreign.id },
    ]);
    expect(response.statusCode).toBe(422);
    expect(ZApiErrorSchema.parse(response.json()).error.fields).toEqual({
      'education.0.kind': 'Выберите: диплом, курс или сертификат',
      'education.0.title': 'Укажите название',
      'education.0.institution': 'Укажите учебное заведение',
      'education.0.year': 'Год ещё не наступил',
    });
    const foreignOnly = await saveEducation(session, [
      { kind: 'course', title: 'Курс', institution: 'Институт', year: 2020, document_id: foreign.id },
    ]);
    expect(ZApiErrorSchema.parse(foreignOnly.json()).error.fields).toEqual({
      'education.0.document_id': 'Документ не найден: загрузите его ещё раз',
    });
    const [row] = await t.ctx.db.select().from(therapists).where(eq(therapists.userId, therapist.id));
    expect(row?.education).toEqual([{ title: 'Клиническая психология', institution: 'МГУ', year: 2010 }]);
  });

  it('refuses files that are not PDF or an image, too large or missing, on the file field', async () => {
    const { session } = await therapistSession();
    const exe = await uploadDocument(
      session,
      Buffer.from('MZ\x90\x00 not a document'),
      'diploma.pdf',
      'application/pdf',
    );
    expect(exe.statusCode).toBe(422);
    expect(ZApiErrorSchema.parse(exe.json()).error.fields).toEqual({
      file: 'Подойдёт PDF или изображение (JPEG, PNG, WebP)',
    });
    const big = Buffer.concat([PDF, Buffer.alloc(EDUCATION_DOCUMENT_MAX_BYTES)]);
    const tooLarge = await uploadDocument(session, big);
    expect(tooLarge.statusCode).toBe(422);
    expect(ZApiErrorSchema.parse(tooLarge.json()).error.fields).toEqual({ file: 'Файл больше 5 МБ' });
    const none = await t.app.inject({ method: 'POST', url: DOCUMENTS, headers: session.headers });
    expect(ZApiErrorSchema.parse(none.json()).error.fields).toEqual({ file: 'Прикрепите файл' });
  });

  it('serves a document to its therapist only; others get 404, clients 403, visitors 401', async () => {
    const { session } = await therapistSession();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const document = ZEducationDocumentSchema.parse(
      (await uploadDocument(session, png, 'scan.png', 'image/png')).json(),
    );
    expect(document.content_type).toBe('image/png');
    const own = await t.app.inject({ method: 'GET', url: document.url, headers: session.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(png)).toBe(true);

    const other = await therapistSession();
    expect((await t.app.inject({ method: 'GET', url: document.url, headers: other.session.headers })).statusCode).toBe(
      404,
    );
    const client = await signIn(t.app, (await createClient(t.ctx.db)).email);
    expect((await t.app.inject({ method: 'GET', url: document.url, headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: document.url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `${DOCUMENTS}/garbage`, headers: session.headers })).statusCode,
    ).toBe(404);
  });

  it('answers 403 to clients and business accounts on every education route and without CSRF', async () => {
    const client = await signIn(t.app, (await createClient(t.ctx.db)).email);
    const business = await signIn(t.app, (await createBusinessAccount(t.ctx.db)).email);
    for (const session of [client, business]) {
      expect((await t.app.inject({ method: 'GET', url: EDUCATION, headers: session.headers })).statusCode).toBe(403);
      expect((await saveEducation(session, [])).statusCode).toBe(403);
      expect((await uploadDocument(session)).statusCode).toBe(403);
      expect(
        (await t.app.inject(await uploadRequest(session, AVATAR, PDF, 'a.pdf', 'application/pdf'))).statusCode,
      ).toBe(403);
    }
    const { session } = await therapistSession();
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: EDUCATION,
      headers: { cookie: session.cookie },
      payload: { education: [] },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('avatar and profile links', () => {
  it('makes both sizes on the server from one photo and serves them publicly', async () => {
    const { therapist, session } = await therapistSession();
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const response = await t.app.inject(await uploadRequest(session, AVATAR, photo, 'me.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(200);
    const urls = ZAvatarResponseSchema.parse(response.json());
    for (const [url, size] of [
      [urls.avatar_thumb, 160],
      [urls.avatar_large, 640],
    ] as const) {
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: size, height: size, format: 'webp' });
    }
    const [row] = await t.ctx.db.select().from(therapists).where(eq(therapists.userId, therapist.id));
    expect(row).toMatchObject({ avatarThumb: urls.avatar_thumb, avatarLarge: urls.avatar_large });

    // A new photo replaces the old files.
    const next = ZAvatarResponseSchema.parse(
      (await t.app.inject(await uploadRequest(session, AVATAR, photo, 'me2.jpg', 'image/jpeg'))).json(),
    );
    expect(next.avatar_thumb).not.toBe(urls.avatar_thumb);
    expect((await t.app.inject({ method: 'GET', url: urls.avatar_thumb })).statusCode).toBe(404);
  });

  it('refuses a PDF or a broken image as a photo', async () => {
    const { session } = await therapistSession();
    const pdf = await t.app.inject(await uploadRequest(session, AVATAR, PDF, 'a.pdf', 'application/pdf'));
    expect(ZApiErrorSchema.parse(pdf.json()).error.fields).toEqual({
      file: 'Подойдёт фотография в JPEG, PNG или WebP',
    });
    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const bad = await t.app.inject(await uploadRequest(session, AVATAR, broken, 'a.jpg', 'image/jpeg'));
    expect(ZApiErrorSchema.parse(bad.json()).error.fields).toEqual({ file: 'Не удалось прочитать изображение' });
  });

  it('saves sex and https links; other links are refused per field', async () => {
    const { session } = await therapistSession();
    const url = '/api/v1/therapist/settings/profile';
    const ok = await t.app.inject({
      method: 'PUT',
      url,
      headers: session.headers,
      payload: { female: false, video_profile: 'https://youtu.be/abc', videoask_link: '' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ZTherapistProfileSchema.parse(ok.json())).toEqual({
      female: false,
      video_profile: 'https://youtu.be/abc',
      videoask_link: null,
    });
    const current = ZTherapistCurrentSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/therapist/current', headers: session.headers })).json(),
    );
    expect(current).toMatchObject({ female: false, video_profile: 'https://youtu.be/abc', videoask_link: null });
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: session.headers,
      payload: { female: 'yes', video_profile: 'javascript:alert(1)', videoask_link: 'http://videoask.com/x' },
    });
    expect(ZApiErrorSchema.parse(bad.json()).error.fields).toEqual({
      female: 'Выберите пол',
      video_profile: 'Ссылка должна начинаться с https://',
      videoask_link: 'Ссылка должна начинаться с https://',
    });
  });
});
