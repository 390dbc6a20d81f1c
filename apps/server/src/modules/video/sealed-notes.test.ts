import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ZTherapistClientDetailSchema } from '@therapy/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { videoConnectionReports, videoEvents } from '../../db/schema/index.ts';
import { keyringOf, notesKeyring, sealedKeyId } from '../../lib/notes-crypto.ts';
import { createClient, createSlot, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';
import { openForm, rewrapNotes, sealForm, sealPlaintextNotes } from './sealed-notes.ts';
import { videoWorld } from './testing.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const COMMENT = 'Клиентка плакала, говорили о разводе';
const NOTE = 'Заметка: панические атаки по утрам';

/** Every row of a table as PostgreSQL prints it: what a dump of the table would hold. */
async function dumpOf(table: string): Promise<string> {
  const result = await t.ctx.db.execute(sql`select t::text as row from ${sql.identifier(table)} t`);
  return (result as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join('\n');
}

describe('therapist notes at rest', () => {
  it('stores the post-session form and notes with no text in the tables; their therapist reads them back', async () => {
    const w = await videoWorld(t, { startsInMs: -30 * 60_000 });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/therapist/slot/user_connected_types',
      headers: w.therapistSession.headers,
      payload: { slot_hashid: w.slotHashid, types: ['audio_only'], comment: COMMENT },
    });
    expect(form.statusCode).toBe(200);
    const note = await t.app.inject({
      method: 'POST',
      url: '/api/v1/therapist/slot/analytics',
      headers: w.therapistSession.headers,
      payload: { slot_hashid: w.slotHashid, events: [{ type: 'note', message: NOTE }] },
    });
    expect(note.statusCode).toBe(200);

    const dump = `${await dumpOf('video_connection_reports')}\n${await dumpOf('video_events')}`;
    for (const word of ['плакала', 'разводе', 'панические', 'audio_only']) expect(dump).not.toContain(word);
    const [row] = await t.ctx.db
      .select()
      .from(videoConnectionReports)
      .where(eq(videoConnectionReports.slotId, w.slot.id));
    expect(row).toMatchObject({ types: null, comment: null });
    expect(row?.sealedForm).toMatch(/^nk1\./);

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/therapist/slot/user_connected_types?slot_hashid=${w.slotHashid}`,
      headers: { cookie: w.therapistSession.cookie },
    });
    expect(read.json().answer).toMatchObject({ types: ['audio_only'], comment: COMMENT });
  });

  it('opens the forms on the client page for the therapist of the sessions only', async () => {
    const therapist = await createTherapist(t.ctx.db);
    const stranger = await createTherapist(t.ctx.db);
    const client = await createClient(t.ctx.db);
    const slot = await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(Date.now() - 7 * 86_400_000),
      status: 'completed',
    });
    await t.ctx.db.insert(videoConnectionReports).values({
      slotId: slot.id,
      therapistId: therapist.id,
      sealedForm: sealForm(notesKeyring(t.ctx.config), slot.id, { types: ['browser_desktop'], comment: COMMENT }),
    });
    const url = `/api/v1/therapist/users/${t.ctx.hashids.encode('user', client.id)}`;
    const own = await t.app.inject({ url, headers: (await sessionOf(t, therapist)).headers });
    expect(ZTherapistClientDetailSchema.parse(own.json()).past[0]?.post_session_form).toMatchObject({
      types: [{ key: 'browser_desktop' }],
      comment: COMMENT,
    });
    const theirs = await t.app.inject({ url, headers: (await sessionOf(t, stranger)).headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('плакала');
  });

  it('a value moved to another row does not open there', async () => {
    const a = await videoWorld(t);
    const b = await videoWorld(t);
    const keyring = notesKeyring(t.ctx.config);
    const sealed = sealForm(keyring, a.slot.id, { types: ['audio_only'], comment: COMMENT });
    expect(openForm(keyring, { slotId: a.slot.id, sealedForm: sealed, types: null, comment: null })?.comment).toBe(
      COMMENT,
    );
    expect(() => openForm(keyring, { slotId: b.slot.id, sealedForm: sealed, types: null, comment: null })).toThrow();
  });

  it('seals what was stored in clear before, and clears it', async () => {
    const w = await videoWorld(t, { startsInMs: -30 * 60_000 });
    await t.ctx.db
      .insert(videoConnectionReports)
      .values({ slotId: w.slot.id, therapistId: w.therapist.id, types: ['audio_only'], comment: COMMENT });
    await t.ctx.db.insert(videoEvents).values({
      slotId: w.slot.id,
      userId: w.therapist.id,
      source: 'therapist_analytics',
      type: 'note',
      message: NOTE,
    });
    const keyring = notesKeyring(t.ctx.config);
    const sealed = await sealPlaintextNotes(t.ctx.db, keyring);
    expect(sealed.forms).toBeGreaterThanOrEqual(1);
    expect(sealed.events).toBeGreaterThanOrEqual(1);
    const dump = `${await dumpOf('video_connection_reports')}\n${await dumpOf('video_events')}`;
    expect(dump).not.toContain('плакала');
    expect(dump).not.toContain('панические');
    const [row] = await t.ctx.db
      .select()
      .from(videoConnectionReports)
      .where(eq(videoConnectionReports.slotId, w.slot.id));
    expect(row && openForm(keyring, row)).toEqual({ types: ['audio_only'], comment: COMMENT });
    expect(await sealPlaintextNotes(t.ctx.db, keyring)).toEqual({ forms: 0, events: 0 });
  });
});

describe('notes key rotation', () => {
  it('re-wraps every note under the new key; afterwards the new key alone opens them', async () => {
    const w = await videoWorld(t);
    const old = notesKeyring(t.ctx.config);
    await t.ctx.db.insert(videoConnectionReports).values({
      slotId: w.slot.id,
      therapistId: w.therapist.id,
      sealedForm: sealForm(old, w.slot.id, { types: ['audio_only'], comment: COMMENT }),
    });
    const rotated = keyringOf({
      NOTES_MASTER_KEY: 'a-brand-new-master-key-for-the-notes',
      NOTES_MASTER_KEY_PREVIOUS: t.ctx.config.NOTES_MASTER_KEY,
    });
    const result = await rewrapNotes(t.ctx.db, rotated);
    expect(result.forms).toBeGreaterThanOrEqual(1);
    const [row] = await t.ctx.db
      .select()
      .from(videoConnectionReports)
      .where(eq(videoConnectionReports.slotId, w.slot.id));
    expect(sealedKeyId(row?.sealedForm ?? '')).toBe(rotated.current.id);
    const newOnly = keyringOf({ NOTES_MASTER_KEY: 'a-brand-new-master-key-for-the-notes' });
    expect(row && openForm(newOnly, row)?.comment).toBe(COMMENT);
    expect(await rewrapNotes(t.ctx.db, rotated)).toEqual({ forms: 0, events: 0 });
    // Put the test database back under the key the other tests use.
    const back = keyringOf({
      NOTES_MASTER_KEY: t.ctx.config.NOTES_MASTER_KEY,
      NOTES_MASTER_KEY_PREVIOUS: 'a-brand-new-master-key-for-the-notes',
    });
    await rewrapNotes(t.ctx.db, back);
  });

  it('runs as `npm run notes:rotate-key`: re-wraps a database’s notes and refuses to run without the previous key', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'notes-rotation-'));
    const OLD_KEY = 'the-old-master-key-of-the-rotation-test';
    const NEW_KEY = 'the-new-master-key-of-the-rotation-test';
    try {
      const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
      await database.migrate();
      const therapist = await createTherapist(database.db);
      const client = await createClient(database.db);
      const slot = await createSlot(database.db, {
        therapistId: therapist.id,
        clientId: client.id,
        startsAt: new Date(),
      });
      await database.db.insert(videoConnectionReports).values({
        slotId: slot.id,
        therapistId: therapist.id,
        sealedForm: sealForm(keyringOf({ NOTES_MASTER_KEY: OLD_KEY }), slot.id, {
          types: ['audio_only'],
          comment: COMMENT,
        }),
      });
      await database.close();

      // The command opens the data folder, not a PostgreSQL a test run may point at.
      const { DATABASE_URL: _url, ...withoutDatabaseUrl } = process.env;
      const run = (env: Record<string, string>) =>
        promisify(execFile)('npm', ['run', '--silent', 'notes:rotate-key', '-w', 'apps/server'], {
          cwd: path.resolve(import.meta.dirname, '../../../../..'),
          env: {
            ...withoutDatabaseUrl,
            APP_ENV: 'development',
            LOG_LEVEL: 'silent',
            DATA_DIR: dir,
            NOTES_MASTER_KEY: NEW_KEY,
            ...env,
          },
        });
      await expect(run({})).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('NOTES_MASTER_KEY_PREVIOUS'),
      });
      const { stdout } = await run({ NOTES_MASTER_KEY_PREVIOUS: OLD_KEY });
      expect(stdout).toMatch(/1 post-session forms and 0 note texts re-wrapped/);

      const reopened = await openDatabase({ dataDir: path.join(dir, 'pglite') });
      const [row] = await reopened.db.select().from(videoConnectionReports);
      await reopened.close();
      expect(row && openForm(keyringOf({ NOTES_MASTER_KEY: NEW_KEY }), row)?.comment).toBe(COMMENT);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
