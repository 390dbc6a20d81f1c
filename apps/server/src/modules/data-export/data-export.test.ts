import { ZApiErrorSchema, ZDataExportSchema, ZDataExportsResponseSchema } from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientProfiles,
  consentRecords,
  dataExports,
  type TUserRow,
  videoChatMessages,
  videoEvents,
  videoRatings,
} from '../../db/schema/index.ts';
import { findJobs, makeJobsDue, runDueJobs } from '../../lib/jobs.ts';
import { createClient, createSlot, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';
import { localizeMail } from '../notifications/layout.ts';
import { renderDataExportReady } from '../notifications/render-data-export-ready.ts';
import { ARCHIVE_FILES, buildDataExport } from './build-data-export.ts';
import { deleteDataExportsOf } from './delete-data-exports-of.ts';
import { dataExportJobHandlers } from './job-handlers.ts';
import { purgeExpiredDataExports } from './purge-expired-data-exports.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://therapy.example' });
});
afterAll(() => t.app.close());

const DAY = 86_400_000;
const URL_BASE = '/api/v1/user/data_exports';
const NOTE = 'Рабочая заметка психолога: клиент избегает темы отца';

/** Only this module's jobs: other files share the queue and run their own. */
const buildAll = () =>
  runDueJobs({ 'privacy.build_data_export': dataExportJobHandlers(t.ctx)['privacy.build_data_export'] });

async function headersOf(user: TUserRow) {
  return (await sessionOf(t, user)).headers;
}

/** A client with answers, a completed session with chat and rating, a consent, and a read by their therapist. */
async function clientWithHistory() {
  const therapist = await createTherapist(t.ctx.db, { firstName: 'Ирина', lastName: 'Смирнова' });
  const client = await createClient(t.ctx.db, { firstName: 'Анна', lastName: 'Петрова' });
  await t.ctx.db
    .insert(clientProfiles)
    .values({ userId: client.id, therapyType: 'single', age: 31, topicCodes: ['anxiety'], step: 'done' });
  const slot = await createSlot(t.ctx.db, {
    therapistId: therapist.id,
    clientId: client.id,
    startsAt: new Date(Date.now() - 3 * DAY),
    status: 'completed',
  });
  await t.ctx.db.insert(videoChatMessages).values([
    { slotId: slot.id, senderId: client.id, clientId: 'm1', text: 'Здравствуйте, я на связи' },
    { slotId: slot.id, senderId: therapist.id, clientId: 'm2', text: 'Добрый день, начинаем' },
  ]);
  await t.ctx.db.insert(videoRatings).values({ slotId: slot.id, userId: client.id, rating: 5, comment: 'Спасибо' });
  // The therapist's own note about the session: never part of the client's archive.
  await t.ctx.db
    .insert(videoEvents)
    .values({ slotId: slot.id, userId: therapist.id, source: 'therapist_analytics', type: 'note', message: NOTE });
  await t.ctx.db
    .insert(consentRecords)
    .values({ userId: client.id, kind: 'health_data', version: '2026-11-01', action: 'accepted', ip: '203.0.113.7' });
  await t.ctx.db.insert(auditLog).values({
    actorId: therapist.id,
    actorRole: 'therapist',
    kind: 'read',
    action: 'client_page',
    subjectId: client.id,
    ip: '198.51.100.99',
  });
  return { therapist, client, slot };
}

async function request(user: TUserRow) {
  const response = await t.app.inject({ method: 'POST', url: URL_BASE, headers: await headersOf(user) });
  expect(response.statusCode).toBe(200);
  return ZDataExportSchema.parse(response.json());
}

async function list(user: TUserRow) {
  const response = await t.app.inject({ method: 'GET', url: URL_BASE, headers: await headersOf(user) });
  expect(response.statusCode).toBe(200);
  return ZDataExportsResponseSchema.parse(response.json()).exports;
}

describe('«Скачать мои данные»', () => {
  it("builds a ZIP with the client's JSON and a Russian summary, and none of another client's data or the therapist's notes", async () => {
    const { client, therapist } = await clientWithHistory();
    const other = await clientWithHistory();

    const asked = await request(client);
    expect(asked).toMatchObject({ status: 'queued', progress: 0, download_url: null, expires_at: null });
    // A second request while it is in the making returns the same archive.
    expect((await request(client)).id).toBe(asked.id);
    expect(await list(client)).toHaveLength(1);

    const early = await t.app.inject({
      method: 'GET',
      url: `${URL_BASE}/${asked.id}/file`,
      headers: await headersOf(client),
    });
    expect(early.statusCode).toBe(409);

    await buildAll();
    const [ready] = await list(client);
    expect(ready).toMatchObject({ id: asked.id, status: 'ready', progress: 100 });
    expect(ready?.download_url).toBe(`${URL_BASE}/${asked.id}/file`);
    expect(Date.parse(ready?.expires_at ?? '') - Date.parse(ready?.ready_at ?? '')).toBe(7 * DAY);
    expect(ready?.size_bytes).toBeGreaterThan(100);

    const file = await t.app.inject({
      method: 'GET',
      url: ready?.download_url ?? '',
      headers: await headersOf(client),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzipSync(new Uint8Array(file.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([ARCHIVE_FILES.json, ARCHIVE_FILES.html].sort());
    const jsonText = strFromU8(entries[ARCHIVE_FILES.json] ?? new Uint8Array());
    const html = strFromU8(entries[ARCHIVE_FILES.html] ?? new Uint8Array());
    const data = JSON.parse(jsonText);

    expect(data.profile).toMatchObject({ email: client.email, first_name: 'Анна', last_name: 'Петрова' });
    expect(data.profile).not.toHaveProperty('password_hash');
    expect(data.questionnaire).toMatchObject({ therapy_type: 'single', age: 31 });
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({
      status: 'completed',
      therapist: { name: 'Ирина Смирнова' },
      as: 'client',
    });
    expect(data.chat_messages.map((m: { from: string }) => m.from)).toEqual(['me', 'therapist']);
    expect(data.ratings).toEqual([expect.objectContaining({ rating: 5, comment: 'Спасибо' })]);
    expect(data.consents).toEqual([
      expect.objectContaining({ kind: 'health_data', action: 'accepted', ip: '203.0.113.7' }),
    ]);
    expect(data.sign_in_sessions.length).toBeGreaterThan(0);
    expect(data.audit_trail).toContainEqual(
      expect.objectContaining({ action: 'client_page', actor: 'therapist', actor_name: 'Ирина Смирнова', ip: null }),
    );

    // Nothing of the other client, none of the therapist's notes or address, no secrets.
    for (const text of [jsonText, html]) {
      expect(text).not.toContain(other.client.email);
      expect(text).not.toContain(NOTE);
      expect(text).not.toContain('198.51.100.99');
      expect(text).not.toContain(client.passwordHash);
    }
    expect(jsonText).not.toContain(therapist.email);

    expect(html).toMatch(/^<!doctype html>\n<html lang="ru">/);
    expect(html).toContain('<h1>Мои данные</h1>');
    expect(html).toContain(client.email);
    expect(html).toContain('Ирина Смирнова');
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//i);

    // The download is in the client's audit trail; the ready mail and the deletion at expiry are scheduled.
    const exportId = t.ctx.hashids.decode('data_export', asked.id);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, client.id), eq(auditLog.action, 'data_exported')));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: client.id, kind: 'read', details: { export: exportId } }),
    ]);
    const [mailJob] = await findJobs({ keys: [`data-export:${exportId}:ready-mail`] });
    expect(mailJob?.kind).toBe('email.data_export_ready');
    const [deleteJob] = await findJobs({ keys: [`data-export:${exportId}:delete`] });
    expect(deleteJob?.runAt.toISOString()).toBe(ready?.expires_at);
  });

  it('mails the client a link to the page (not to the file), in Russian or in English', async () => {
    const { client } = await clientWithHistory();
    const asked = await request(client);
    await buildAll();
    const id = t.ctx.hashids.decode('data_export', asked.id) ?? 0;
    const mail = await renderDataExportReady(t.ctx.db, id, { publicUrl: 'https://therapy.example' });
    expect(mail).toMatchObject({ to: client.email, subject: 'Архив с вашими данными готов' });
    expect(mail?.text).toContain('Мои данные: https://therapy.example/lk/privacy');
    expect(mail?.text).not.toContain('/file');
    expect(mail?.text).toMatch(/Скачать его можно 7 дней, до \d{2}\.\d{2}\.\d{4} в \d{2}:\d{2}/);
    const english = localizeMail(mail ?? { to: '', subject: '', text: '', html: '' }, 'en');
    expect(english.subject).toBe('Your data archive is ready');
    expect(english.text).toMatch(
      /You can download it for 7 days, until \d{2}\.\d{2}\.\d{4} at \d{2}:\d{2}, only while signed in/,
    );
    expect(english.text).toContain('My data: https://therapy.example/lk/privacy');
    expect(english.text).not.toMatch(/[\u0400-\u04FF]/);
    // Past its expiry there is nothing to tell.
    expect(await renderDataExportReady(t.ctx.db, id, {}, new Date(Date.now() + 8 * DAY))).toBeNull();
  });

  it('answers 410 in Russian after 7 days, deletes the file and shows the archive as expired', async () => {
    const { client } = await clientWithHistory();
    const asked = await request(client);
    await buildAll();
    const id = t.ctx.hashids.decode('data_export', asked.id) ?? 0;
    const [row] = await t.ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(row?.fileKey).toBeTruthy();
    expect(await t.ctx.files.get(row?.fileKey ?? '')).not.toBeNull();

    // Still inside the 7 days, the sweep leaves it alone.
    await purgeExpiredDataExports(t.ctx);
    expect(await t.ctx.files.get(row?.fileKey ?? '')).not.toBeNull();

    await t.ctx.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, id));
    const [listed] = await list(client);
    expect(listed).toMatchObject({ status: 'expired', download_url: null });
    const late = await t.app.inject({
      method: 'GET',
      url: `${URL_BASE}/${asked.id}/file`,
      headers: await headersOf(client),
    });
    expect(late.statusCode).toBe(410);
    expect(ZApiErrorSchema.parse(late.json()).error).toMatchObject({
      code: 'gone',
      message: 'Срок хранения архива истёк: ссылка действует 7 дней. Запросите архив заново.',
    });

    // The deletion job scheduled with the build, run as the worker would at expiry.
    await makeJobsDue([`data-export:${id}:delete`]);
    const handlers = dataExportJobHandlers(t.ctx);
    await runDueJobs({ 'privacy.delete_data_export': handlers['privacy.delete_data_export'] });
    expect(await t.ctx.files.get(row?.fileKey ?? '')).toBeNull();
    expect(await purgeExpiredDataExports(t.ctx)).toBe(0);
    const [after] = await t.ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(after).toMatchObject({ status: 'expired', fileKey: null });
    const gone = await t.app.inject({
      method: 'GET',
      url: `${URL_BASE}/${asked.id}/file`,
      headers: await headersOf(client),
    });
    expect(gone.statusCode).toBe(410);
    // A new archive can be asked for.
    expect((await request(client)).id).not.toBe(asked.id);
  });

  it("answers 404 for another client's archive or a made-up id, 401 without a session, 403 for a therapist, 403 without CSRF", async () => {
    const { client, therapist } = await clientWithHistory();
    const stranger = await createClient(t.ctx.db);
    const asked = await request(client);
    await buildAll();
    const fileUrl = `${URL_BASE}/${asked.id}/file`;

    const foreign = await t.app.inject({ method: 'GET', url: fileUrl, headers: await headersOf(stranger) });
    expect(foreign.statusCode).toBe(404);
    expect(ZApiErrorSchema.parse(foreign.json()).error.message).toBe('Архив не найден');
    expect(await list(stranger)).toEqual([]);
    const madeUp = await t.app.inject({
      method: 'GET',
      url: `${URL_BASE}/${t.ctx.hashids.encode('slot', 1)}/file`,
      headers: await headersOf(client),
    });
    expect(madeUp.statusCode).toBe(404);

    for (const url of [URL_BASE, fileUrl]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: await headersOf(therapist) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: URL_BASE })).statusCode).toBe(401);
    const { cookie } = await sessionOf(t, client);
    expect((await t.app.inject({ method: 'POST', url: URL_BASE, headers: { cookie } })).statusCode).toBe(403);
  });

  it('marks the archive failed when the build cannot write it (the job retries), and a new one can be asked for', async () => {
    const client = await createClient(t.ctx.db);
    const asked = await request(client);
    const id = t.ctx.hashids.decode('data_export', asked.id) ?? 0;
    const broken = {
      ...t.ctx,
      files: { ...t.ctx.files, put: async () => Promise.reject(new Error('disk full')) },
    };
    await expect(buildDataExport(broken, id)).rejects.toThrow('disk full');
    const [failed] = await list(client);
    expect(failed).toMatchObject({ id: asked.id, status: 'failed', download_url: null });
    expect((await request(client)).id).not.toBe(asked.id);
  });

  it('deletes every archive of an account with its files (for erasure)', async () => {
    const { client } = await clientWithHistory();
    await request(client);
    await buildAll();
    const [row] = await t.ctx.db.select().from(dataExports).where(eq(dataExports.userId, client.id));
    expect(await t.ctx.files.get(row?.fileKey ?? '')).not.toBeNull();
    expect(await deleteDataExportsOf(t.ctx, client.id)).toBe(1);
    expect(await t.ctx.files.get(row?.fileKey ?? '')).toBeNull();
    expect(await t.ctx.db.select().from(dataExports).where(eq(dataExports.userId, client.id))).toEqual([]);
  });

  it('keeps one archive in the making per client, even when two requests race', async () => {
    const client = await createClient(t.ctx.db);
    const headers = await headersOf(client);
    const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: URL_BASE, headers })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await t.ctx.db.select().from(dataExports).where(eq(dataExports.userId, client.id));
    expect(rows).toHaveLength(1);
  });
});
