import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passPurchases, slots, type TSlotRow, users } from '../../db/schema/index.ts';
import { findJobs, makeJobsDue, runDueJobs, scheduleJob, type TJob, type TJobKind } from '../../lib/jobs.ts';
import { createClientPass, createPass, createSlot } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { bookingWorld, localHour } from '../../test/booking-world.ts';
import { reminderKey } from '../booking/reminders.ts';
import { notificationJobHandlers } from './job-handlers.ts';
import { listStoredMail } from './mail-store.ts';
import { createMailer, mailDirOf } from './mailer.ts';

let t: TTestApp;
let dataDir: string;
let handlers: ReturnType<typeof notificationJobHandlers>;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'therapy-mail-'));
  t = await buildTestApp({ DATA_DIR: dataDir, PUBLIC_URL: 'https://therapy.example' });
  handlers = notificationJobHandlers(t.ctx);
});
afterAll(async () => {
  await t.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mailTo = async (email: string) => (await listStoredMail(mailDirOf(t.ctx.config))).filter((m) => m.to === email);
/** The calendar part of a raw message, decoded. */
function icsOf(eml: string): string {
  const part = eml.slice(eml.search(/Content-Type: text\/calendar/));
  const blank = part.indexOf('\n\n');
  const body = part.slice(blank + 2).split('\n--')[0] ?? '';
  return /base64/i.test(part.slice(0, blank)) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
}
/** A job as the worker hands it to a handler. */
const fakeJob = (kind: TJobKind, payload: Record<string, unknown>, dedupeKey: string): TJob => ({
  id: `test-${dedupeKey}`,
  kind,
  payload,
  dedupeKey,
  attempt: 0,
  signal: new AbortController().signal,
});
let jobNumber = 0;
/** Runs one handler as the worker would, then the per-recipient sends it queued. */
async function run(kind: TJobKind, payload: Record<string, unknown>) {
  const handler = handlers[kind];
  if (!handler) throw new Error(`no handler for ${kind}`);
  await handler(fakeJob(kind, payload, `test-${kind}-${Date.now()}-${++jobNumber}`));
  await runDueJobs({ 'email.send': handlers['email.send'] ?? (async () => {}) });
}

async function bookedSlot(w: Awaited<ReturnType<typeof bookingWorld>>, o: Partial<TSlotRow> = {}) {
  return createSlot(t.ctx.db, {
    therapistId: w.therapist.id,
    clientId: w.client.id,
    startsAt: o.startsAt ?? localHour('Europe/Moscow', 3, 10),
    status: o.status ?? 'booked',
    clientPassId: w.clientPass?.id ?? null,
  });
}

describe('notification jobs', () => {
  it('writes the confirmation to the client and the therapist as .eml with the calendar file attached', async () => {
    const w = await bookingWorld(t, { clientTz: 'Asia/Vladivostok', therapistTz: 'Europe/Moscow', sessionsLeft: 2 });
    const slot = await bookedSlot(w, { startsAt: new Date('2030-03-04T07:00:00Z') });
    await run('email.booking_confirmed', { slot_id: slot.id });
    const [client] = await mailTo(w.client.email);
    const [therapist] = await mailTo(w.therapist.email);
    expect(client?.subject).toBe('Вы записаны на сессию 04.03.2030 в 17:00');
    expect(client?.text).toContain('В абонементе осталось: 2 сессии.');
    expect(client?.attachments).toEqual(['session.ics']);
    expect(therapist?.subject).toBe('Новая запись: 04.03.2030 в 10:00');
    const eml = readFileSync(path.join(mailDirOf(t.ctx.config), `${client?.name}.eml`), 'utf8');
    expect(eml).toMatch(/^To: client-/m);
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
    expect(eml).toMatch(/Subject: =\?UTF-8\?/);
    expect(icsOf(eml)).toContain('DTSTART:20300304T070000Z');
  });

  it('with the README defaults (no PUBLIC_URL) links the session and the call on the server’s own address', async () => {
    const defaults = notificationJobHandlers({
      ...t.ctx,
      config: { ...t.ctx.config, PUBLIC_URL: undefined, HOST: '127.0.0.1', PORT: 3000 },
    });
    const runWith = async (kind: TJobKind, payload: Record<string, unknown>) => {
      await defaults[kind]?.(fakeJob(kind, payload, `defaults-${kind}-${++jobNumber}`));
      await runDueJobs({ 'email.send': defaults['email.send'] ?? (async () => {}) });
    };
    const w = await bookingWorld(t, { clientTz: 'Europe/Moscow', therapistTz: 'Europe/Moscow' });
    const slot = await bookedSlot(w, { startsAt: new Date(Date.now() + 50 * 60_000) });
    const sessionUrl = `http://127.0.0.1:3000/lk/sessions/${t.ctx.hashids.encode('slot', slot.id)}`;
    await runWith('email.booking_confirmed', { slot_id: slot.id });
    await runWith('email.reminder', { slot_id: slot.id, starts_at: slot.startsAt.toISOString(), before: '1h' });
    const mails = await mailTo(w.client.email);
    const confirmed = mails.find((m) => m.subject.startsWith('Вы записаны'));
    const reminder = mails.find((m) => m.subject.startsWith('Напоминание'));
    expect(confirmed?.text).toContain(`Сессия в личном кабинете: ${sessionUrl}`);
    expect(reminder?.text).toContain('Подключиться к сессии: http://127.0.0.1:3000/lk/call');
    expect(reminder?.text).toContain(`Сессия в личном кабинете: ${sessionUrl}`);
    const eml = readFileSync(path.join(mailDirOf(t.ctx.config), `${confirmed?.name}.eml`), 'utf8');
    const ics = icsOf(eml).replace(/\r?\n[ \t]/g, '');
    expect(ics).toContain(`URL:${sessionUrl}`);
    expect(ics).toContain('BEGIN:VALARM');
  });

  it("writes in the recipient's saved language: English to a client who chose it, Russian to the therapist", async () => {
    const w = await bookingWorld(t, { clientTz: 'Europe/Moscow', therapistTz: 'Europe/Moscow', sessionsLeft: 3 });
    await t.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, w.client.id));
    const slot = await bookedSlot(w, { startsAt: new Date('2030-03-04T07:00:00Z') });
    await run('email.booking_confirmed', { slot_id: slot.id });
    await run('email.reminder', { slot_id: slot.id, starts_at: slot.startsAt.toISOString(), before: '24h' });
    const mails = await mailTo(w.client.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Reminder: session in 24 hours',
      'You are booked for a session on 04.03.2030 at 10:00',
    ]);
    const client = mails.find((m) => m.subject.startsWith('You are booked'));
    const text = client?.text ?? '';
    // Names are the people's own; every other word is English.
    const therapistName = `${w.therapist.firstName} ${w.therapist.lastName}`;
    expect(text).toContain(`Hello, ${w.client.firstName}!`);
    expect(text).toContain(`You are booked for a session with ${therapistName}.`);
    expect(text).toContain(
      'When: 04.03.2030 at 10:00 (Moscow, UTC+3), 50 minutes. Individual therapy, a video session',
    );
    expect(text).toContain('Left in your pass: 3 sessions.');
    expect(text).toContain('— The Therapy Online team');
    expect(text.replace(therapistName, '').replace(w.client.firstName, '')).not.toMatch(/[\u0400-\u04FF]/);
    const eml = readFileSync(path.join(mailDirOf(t.ctx.config), `${client?.name}.eml`), 'utf8');
    expect(eml).toContain('lang=3D"en"');

    const [therapist] = await mailTo(w.therapist.email);
    expect(therapist?.subject).toBe('Новая запись: 04.03.2030 в 10:00');
  });

  it('tells the client (in their language) and the therapist that the couple session stays when the partner left, and nothing once it is off', async () => {
    const w = await bookingWorld(t, { clientTz: 'Europe/Moscow', therapistTz: 'Europe/Moscow' });
    await t.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, w.client.id));
    const slot = await bookedSlot(w, { startsAt: new Date('2030-03-05T07:00:00Z') });
    await t.ctx.db.update(slots).set({ therapyType: 'couple' }).where(eq(slots.id, slot.id));
    await run('email.partner_erased', { slot_id: slot.id });
    const [client] = await mailTo(w.client.email);
    expect(client?.subject).toBe('Couple session on 05.03.2030 at 10:00: your partner’s account was deleted');
    const therapistName = `${w.therapist.firstName} ${w.therapist.lastName}`;
    expect(client?.text).toContain(`The session stays yours: its time and your pass are unchanged.`);
    expect(client?.text.replace(therapistName, '').replace(w.client.firstName, '')).not.toMatch(/[\u0400-\u04FF]/);
    const [therapist] = await mailTo(w.therapist.email);
    expect(therapist?.subject).toBe('Парная сессия 05.03.2030 в 10:00: партнёр клиента удалил аккаунт');
    expect(therapist?.text).toContain('остаётся в расписании: её записал и оплатил клиент');
    expect(therapist?.text).toContain(
      `https://therapy.example/therapist/clients/${t.ctx.hashids.encode('user', w.client.id)}`,
    );

    // A session cancelled before the job ran has had its own mail: this one is not sent.
    const off = await bookedSlot(w, { startsAt: new Date('2030-03-06T07:00:00Z') });
    await t.ctx.db.update(slots).set({ status: 'cancelled' }).where(eq(slots.id, off.id));
    await run('email.partner_erased', { slot_id: off.id });
    expect(await mailTo(w.client.email)).toHaveLength(1);
    expect(await mailTo(w.therapist.email)).toHaveLength(1);
  });

  it('writes a therapist who reads English their mail and its .ics in English, the names as they are', async () => {
    const w = await bookingWorld(t, { clientTz: 'Europe/Moscow', therapistTz: 'Europe/Moscow' });
    await t.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, w.therapist.id));
    const slot = await bookedSlot(w, { startsAt: new Date('2030-03-04T07:00:00Z') });
    await run('email.booking_confirmed', { slot_id: slot.id });
    const [therapist] = await mailTo(w.therapist.email);
    expect(therapist?.subject).toBe('New booking: 04.03.2030 at 10:00');
    const eml = readFileSync(path.join(mailDirOf(t.ctx.config), `${therapist?.name}.eml`), 'utf8');
    const ics = icsOf(eml).replace(/\r?\n[ \t]/g, '');
    const therapistName = `${w.therapist.firstName} ${w.therapist.lastName}`;
    expect(ics).toContain('SUMMARY:Session: Individual therapy');
    expect(ics).toMatch(new RegExp(`DESCRIPTION:Therapist: ${therapistName}\\. Client: [^.]+\\. https?://`));
    expect(ics).toContain('DESCRIPTION:Session: Individual therapy: in 15 minutes');
    // The event the attachment was made from stays in the server.
    expect(eml).not.toContain('calendar:');
    const [client] = await mailTo(w.client.email);
    expect(icsOf(readFileSync(path.join(mailDirOf(t.ctx.config), `${client?.name}.eml`), 'utf8'))).toMatch(
      /SUMMARY:Сессия/,
    );
  });

  it('sends nothing for a confirmation or reminder whose session moved or was cancelled', async () => {
    const w = await bookingWorld(t);
    const cancelled = await bookedSlot(w, { status: 'cancelled' });
    await run('email.booking_confirmed', { slot_id: cancelled.id });
    const moved = await bookedSlot(w, { startsAt: localHour('Europe/Moscow', 4, 10) });
    await run('email.reminder', {
      slot_id: moved.id,
      starts_at: localHour('Europe/Moscow', 2, 10).toISOString(),
      before: '24h',
    });
    await run('email.reminder', { slot_id: cancelled.id, starts_at: cancelled.startsAt.toISOString(), before: '1h' });
    await run('email.booking_confirmed', { slot_id: 999_999_999 });
    expect(await mailTo(w.client.email)).toEqual([]);
  });

  it('a due reminder is sent once: scheduled twice, run twice, or run again after a run that broke off', async () => {
    const w = await bookingWorld(t);
    const startsAt = new Date(Date.now() + 50 * 60_000);
    const slot = await bookedSlot(w, { startsAt });
    const schedule = () =>
      scheduleJob(t.ctx.db, {
        kind: 'email.reminder',
        dedupeKey: reminderKey('1h', slot),
        payload: { slot_id: slot.id, starts_at: startsAt.toISOString(), before: '1h' },
      });
    await schedule();
    await schedule();
    // Only the reminder handler: the job kinds of other test files are left alone.
    const reminderOnly = { 'email.reminder': handlers['email.reminder'] ?? (async () => {}) };
    await runDueJobs(reminderOnly);
    await runDueJobs(reminderOnly);
    const sent = await mailTo(w.client.email);
    expect(sent.map((m) => m.subject)).toEqual(['Напоминание: сессия через 1 час']);

    // The 24 h reminder of another slot, whose first run broke off before sending: sent once when retried.
    const other = await bookedSlot(w, { startsAt: new Date(Date.now() + 20 * 3_600_000) });
    const key = reminderKey('24h', other);
    await scheduleJob(t.ctx.db, {
      kind: 'email.reminder',
      dedupeKey: key,
      payload: { slot_id: other.id, starts_at: other.startsAt.toISOString(), before: '24h' },
    });
    const broken = notificationJobHandlers(t.ctx, {
      async send() {
        throw new Error('connection reset');
      },
    });
    await runDueJobs({ 'email.reminder': broken['email.reminder'] ?? (async () => {}) });
    expect((await findJobs({ keys: [key] }))[0]?.state).toBe('retry');
    await makeJobsDue([key]);
    await runDueJobs(reminderOnly);
    await runDueJobs(reminderOnly);
    expect((await mailTo(w.client.email)).map((m) => m.subject).sort()).toEqual([
      'Напоминание: сессия через 1 час',
      'Напоминание: сессия через 24 часа',
    ]);
    expect((await findJobs({ keys: [key] }))[0]?.state).toBe('completed');
  });

  it('a mail to two people that fails for the second is retried for the second only', async () => {
    const w = await bookingWorld(t);
    const slot = await bookedSlot(w);
    const real = createMailer(t.ctx.config);
    let failures = 0;
    const flaky = notificationJobHandlers(t.ctx, {
      async send(mail) {
        if (mail.to === w.therapist.email && failures++ === 0) throw new Error('SMTP 451 try again later');
        await real.send(mail);
      },
    });
    const parent = fakeJob('email.booking_confirmed', { slot_id: slot.id }, `flaky-${slot.id}`);
    await flaky['email.booking_confirmed']?.(parent);
    const sendOnly = { 'email.send': flaky['email.send'] ?? (async () => {}) };
    await runDueJobs(sendOnly);
    // the failed send waits for its back-off; bring it forward as time would
    await makeJobsDue([`flaky-${slot.id}:mail-1`]);
    await runDueJobs(sendOnly);
    await flaky['email.booking_confirmed']?.(parent); // the parent re-run after a crash adds nothing
    await runDueJobs(sendOnly);
    expect(await mailTo(w.client.email)).toHaveLength(1);
    expect(await mailTo(w.therapist.email)).toHaveLength(1);
    expect(failures).toBe(2);
  });

  it('a 24 h reminder that runs late, within the last hour, gives way to the 1 h one', async () => {
    const w = await bookingWorld(t);
    const slot = await bookedSlot(w, { startsAt: new Date(Date.now() + 30 * 60_000) });
    await run('email.reminder', { slot_id: slot.id, starts_at: slot.startsAt.toISOString(), before: '24h' });
    expect(await mailTo(w.client.email)).toEqual([]);
  });

  it('tells of a move and of a cancellation, with the pass', async () => {
    const w = await bookingWorld(t, { sessionsLeft: 4 });
    const old = await bookedSlot(w, { status: 'rescheduled', startsAt: new Date('2030-03-04T07:00:00Z') });
    const moved = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: new Date('2030-03-05T08:00:00Z'),
      clientPassId: w.clientPass?.id ?? null,
    });
    await t.ctx.db.update(slots).set({ rescheduledFromId: old.id }).where(eq(slots.id, moved.id));
    await run('email.booking_rescheduled', { slot_id: moved.id, previous_slot_id: old.id });
    const [rescheduled] = await mailTo(w.client.email);
    expect(rescheduled?.subject).toBe('Сессия перенесена на 05.03.2030 в 11:00');
    const eml = readFileSync(path.join(mailDirOf(t.ctx.config), `${rescheduled?.name}.eml`), 'utf8');
    expect(icsOf(eml)).toContain('SEQUENCE:1');
    expect(icsOf(eml)).toContain(`UID:${t.ctx.hashids.encode('slot', old.id)}@therapy-platform`);

    await t.ctx.db.update(slots).set({ status: 'cancelled' }).where(eq(slots.id, moved.id));
    await run('email.booking_cancelled', { slot_id: moved.id, session_returned: true, by: 'client' });
    const cancelled = (await mailTo(w.client.email)).find((m) => m.subject.endsWith('отменена'));
    expect(cancelled?.text).toContain('Сессия вернулась в абонемент: в нём 4 сессии.');
    const toTherapist = await mailTo(w.therapist.email);
    expect(toTherapist.map((m) => m.subject)).toContain('Клиент отменил сессию 05.03.2030 в 11:00');
    const movedNotice = toTherapist.find((m) => m.subject.startsWith('Сессия перенесена'));
    expect(movedNotice?.text).toContain(
      `Начать сессию: https://therapy.example/therapist/clients/${t.ctx.hashids.encode('user', w.client.id)}/call`,
    );
  });

  it('sends the payment receipt of a completed purchase with the amount from minor units', async () => {
    const w = await bookingWorld(t, { withPass: false });
    const pass = await createPass(t.ctx.db, { sessionsCount: 4, priceRub: 1_400_000 });
    const clientPass = await createClientPass(t.ctx.db, { userId: w.client.id, passId: pass.id });
    const purchase = async (status: 'completed' | 'pending', amountPaid: number, currency: 'rub' | 'eur') => {
      const [row] = await t.ctx.db
        .insert(passPurchases)
        .values({
          userId: w.client.id,
          passId: pass.id,
          clientPassId: clientPass.id,
          status,
          currency,
          amount: 1_400_000,
          amountPaid,
          provider: 'sandbox',
          paymentMethodKey: 'cloud_payments',
          idempotencyKey: `${Math.random()}`,
          completedAt: new Date('2030-03-04T07:00:00Z'),
        })
        .returning();
      return row?.id ?? 0;
    };
    await run('email.payment_receipt', { purchase_id: await purchase('pending', 1_400_000, 'rub') });
    expect(await mailTo(w.client.email)).toEqual([]);
    await run('email.payment_receipt', { purchase_id: await purchase('completed', 1_250_000, 'rub') });
    const [receipt] = await mailTo(w.client.email);
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(receipt?.subject ?? '')).toBe('Оплата получена: 12 500 ₽');
    expect(plain(receipt?.text ?? '')).toContain('скидка по промокоду 1 500 ₽');
    expect(receipt?.text).toContain('Индивидуальная терапия, 4 сессии.');
    // The level decides whose sessions the pass pays for: the receipt says it.
    expect(receipt?.text).toContain(
      `Уровень психолога: «${{ standard: 'Психолог', senior: 'Опытный психолог', expert: 'Эксперт' }[pass.tier]}». Абонемент оплачивает сессии только с психологами этого уровня.`,
    );
    expect(receipt?.text).toContain('Дата оплаты: 04.03.2030 в 10:00.');
  });

  it('reminds the therapist in their zone with the link to the call page, and links it in the booking notice', async () => {
    const w = await bookingWorld(t, { clientTz: 'Asia/Vladivostok', therapistTz: 'Europe/Berlin' });
    const slot = await bookedSlot(w, { startsAt: new Date(Date.now() + 20 * 3_600_000) });
    const callLink = `https://therapy.example/therapist/clients/${t.ctx.hashids.encode('user', w.client.id)}/call`;
    await run('email.therapist_reminder', { slot_id: slot.id, starts_at: slot.startsAt.toISOString(), before: '24h' });
    const [reminder] = await mailTo(w.therapist.email);
    expect(reminder?.subject).toBe('Напоминание: сессия с клиентом через 24 часа');
    expect(reminder?.text).toMatch(/\(Берлин, UTC\+[12]\)/);
    expect(reminder?.text).toContain(`Начать сессию: ${callLink}`);
    expect(await mailTo(w.client.email)).toEqual([]);
    await run('email.booking_confirmed', { slot_id: slot.id });
    const notice = (await mailTo(w.therapist.email)).find((m) => m.subject.startsWith('Новая запись'));
    expect(notice?.text).toContain(callLink);
  });

  it('tells the client when the therapist did not come, unless the outcome was corrected since', async () => {
    const w = await bookingWorld(t, { sessionsLeft: 4 });
    const slot = await bookedSlot(w, { status: 'cancelled', startsAt: new Date('2026-03-04T07:00:00Z') });
    await run('email.therapist_no_show', { slot_id: slot.id, session_returned: true });
    expect(await mailTo(w.client.email)).toEqual([]); // an ordinary cancellation is not a no-show
    await t.ctx.db.update(slots).set({ cancelReason: 'therapist_no_show' }).where(eq(slots.id, slot.id));
    await run('email.therapist_no_show', { slot_id: slot.id, session_returned: true });
    const [mail] = await mailTo(w.client.email);
    expect(mail?.subject).toBe('Сессия 04.03.2026 в 10:00 не состоялась');
    expect(mail?.text).toContain('Сессия вернулась в абонемент: в нём 4 сессии.');
  });

  it('refuses a payload it does not understand (the queue retries it later)', async () => {
    await expect(run('email.reminder', { slot_id: 'x' })).rejects.toThrow();
  });
});
