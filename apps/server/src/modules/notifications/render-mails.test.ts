import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { TSlotRow, TUserRow } from '../../db/schema/index.ts';
import type { TSlotMailData } from './load-slot-mail.ts';
import { renderBookingCancelled } from './render-booking-cancelled.ts';
import { renderBookingConfirmed } from './render-booking-confirmed.ts';
import { renderBookingRescheduled } from './render-booking-rescheduled.ts';
import { renderReminder } from './render-reminder.ts';

const user = (o: Partial<TUserRow>): TUserRow => ({
  id: 1,
  email: 'someone@example.test',
  passwordHash: '',
  role: 'client',
  firstName: 'Мария',
  lastName: 'Иванова',
  tz: 'Europe/Moscow',
  signedUp: true,
  currency: 'rub',
  language: null,
  consentVersion: null,
  consentAt: null,
  createdAt: new Date(0),
  erasedAt: null,
  ...o,
});

const startsAt = new Date('2026-11-22T11:30:00Z');
const slot: TSlotRow = {
  id: 10,
  therapistId: 2,
  clientId: 1,
  partnerClientId: null,
  startsAt,
  durationMin: 50,
  blockedUntil: new Date(startsAt.getTime() + 3_600_000),
  therapyType: 'single',
  status: 'booked',
  holdExpiresAt: null,
  clientPassId: 5,
  rescheduledFromId: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: new Date(0),
};

const data = (o: Partial<TSlotMailData> = {}): TSlotMailData => ({
  slot,
  client: user({ email: 'client@example.test', tz: 'Asia/Vladivostok' }),
  therapist: {
    ...user({
      id: 2,
      email: 'therapist@example.test',
      role: 'therapist',
      firstName: 'Анна',
      lastName: 'Смирнова',
      tz: 'Europe/Berlin',
    }),
    female: true,
  },
  sessionsLeft: 3,
  calendarUid: 'abc123@therapy-platform',
  sequence: 0,
  clientHashid: 'cl1ent',
  slotHashid: 's1ot',
  therapistHashid: 'th3rap',
  ...o,
});

const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '');
const links = { publicUrl: 'https://therapy.example' };

/** The one event of an .ics file, read by a real iCalendar parser (ical.js), with the file's METHOD. */
function eventOf(ics: string | undefined) {
  const calendar = new ICAL.Component(ICAL.parse(ics ?? ''));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    url: vevent.getFirstPropertyValue('url'),
    alarms: vevent.getAllSubcomponents('valarm').map((alarm) => ({
      action: alarm.getFirstPropertyValue('action'),
      trigger: String(alarm.getFirstPropertyValue('trigger')),
    })),
  };
}

describe('booking mails', () => {
  it('confirms to each recipient in their own zone, with the policy, sessions left and an .ics in UTC', () => {
    const [client, therapist] = renderBookingConfirmed(data(), links, new Date('2026-11-20T08:00:00Z'));
    expect(client?.to).toBe('client@example.test');
    // 11:30Z is 21:30 in Vladivostok and 12:30 in Berlin
    expect(client?.subject).toBe('Вы записаны на сессию 22.11.2026 в 21:30');
    expect(client?.text).toContain('Когда: 22.11.2026 в 21:30 (Владивосток, UTC+10), 50 минут. Индивидуальная терапия');
    expect(client?.text).toContain('бесплатно можно до 21.11.2026 в 21:30');
    expect(client?.text).toContain('В абонементе осталось: 3 сессии.');
    expect(client?.text).toContain('Сессия в личном кабинете: https://therapy.example/lk/sessions/s1ot');
    expect(client?.html).toContain('<p>Здравствуйте, Мария!</p>');
    expect(therapist?.subject).toBe('Новая запись: 22.11.2026 в 12:30');
    expect(therapist?.text).toContain('К вам записался клиент: Мария Иванова.');
    const ics = unfold(client?.attachments?.[0]?.content ?? '');
    expect(client?.attachments?.[0]?.filename).toBe('session.ics');
    expect(ics).toContain('UID:abc123@therapy-platform');
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).toContain('DTSTART:20261122T113000Z');
    expect(ics).toMatch(/DURATION:PT50M|DTEND:20261122T122000Z/);
    expect(ics).toContain('METHOD:PUBLISH');
  });

  it.each([
    [1, '1 сессия'],
    [2, '2 сессии'],
    [5, '5 сессий'],
    [21, '21 сессия'],
    [0, '0 сессий'],
  ])('declines %i sessions left as “%s”', (left, words) => {
    const [client] = renderBookingConfirmed(data({ sessionsLeft: left }), links);
    expect(client?.text).toContain(`В абонементе осталось: ${words}.`);
  });

  it('promises no free-cancellation deadline that has passed when booked inside 24 hours', () => {
    // 23 hours before the start: the deadline (21.11 at 21:30 in Vladivostok) is already behind.
    const now = new Date(startsAt.getTime() - 23 * 3_600_000);
    const [client] = renderBookingConfirmed(data(), links, now);
    expect(client?.text).not.toContain('бесплатно можно до');
    expect(client?.text).not.toContain('21.11.2026 в 21:30');
    expect(client?.text).toContain('бесплатно отменить или перенести эту сессию уже нельзя');
    const ics = unfold(client?.attachments?.[0]?.content ?? '');
    expect(ics).not.toContain('бесплатно');
    const [moved] = renderBookingRescheduled(data(), new Date('2026-11-25T11:30:00Z'), links, now);
    expect(moved?.text).not.toContain('бесплатно можно до');
    expect(moved?.text).toContain('бесплатно отменить или перенести эту сессию уже нельзя');
  });

  it('keeps the deadline a minute before it passes', () => {
    const now = new Date(startsAt.getTime() - 24 * 3_600_000 - 60_000);
    const [client] = renderBookingConfirmed(data(), links, now);
    expect(client?.text).toContain('Перенести или отменить сессию бесплатно можно до 21.11.2026 в 21:30.');
  });

  it('leaves the pass out when no pass pays for the session', () => {
    const [client] = renderBookingConfirmed(data({ sessionsLeft: null }), links);
    expect(client?.text).not.toContain('абонемент');
  });

  it('tells of a move with both times and the same calendar event, one sequence up', () => {
    const moved = { ...slot, id: 11, startsAt: new Date('2026-11-23T15:00:00Z'), rescheduledFromId: 10 };
    const [client, therapist] = renderBookingRescheduled(data({ slot: moved, sequence: 1 }), startsAt, links);
    expect(client?.subject).toBe('Сессия перенесена на 24.11.2026 в 01:00');
    expect(client?.text).toContain(
      'перенесена с 22.11.2026 в 21:30 (Владивосток, UTC+10) на 24.11.2026 в 01:00 (Владивосток, UTC+10)',
    );
    expect(therapist?.text).toContain('с 22.11.2026 в 12:30 (Берлин, UTC+1) на 23.11.2026 в 16:00 (Берлин, UTC+1)');
    const ics = unfold(client?.attachments?.[0]?.content ?? '');
    expect(ics).toContain('UID:abc123@therapy-platform');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('DTSTART:20261123T150000Z');
  });

  it('says whether a cancelled session went back to the pass, and who cancelled', () => {
    const [inTime, toTherapist] = renderBookingCancelled(data({ sessionsLeft: 4 }), {
      sessionReturned: true,
      by: 'client',
      ...links,
    });
    expect(inTime?.subject).toBe('Сессия 22.11.2026 в 21:30 отменена');
    expect(inTime?.text).toContain('Сессия вернулась в абонемент: в нём 4 сессии.');
    expect(toTherapist?.text).toContain('Клиент Мария Иванова отменил сессию 22.11.2026 в 12:30 (Берлин, UTC+1)');
    const ics = unfold(inTime?.attachments?.[0]?.content ?? '');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:1');

    const [late] = renderBookingCancelled(data(), { sessionReturned: false, by: 'client', ...links });
    expect(late?.text).toContain('меньше 24 часов, поэтому сессия списана из абонемента');

    const byTherapist = renderBookingCancelled(data({ sessionsLeft: 1 }), {
      sessionReturned: true,
      by: 'therapist',
      ...links,
    });
    expect(byTherapist).toHaveLength(1);
    expect(byTherapist[0]?.text).toContain('Психолог Анна Смирнова отменила сессию 22.11.2026 в 21:30');
    expect(byTherapist[0]?.text).toContain('в нём 1 сессия.');
  });

  it('reminds 24 hours and 1 hour before, in the client’s zone', () => {
    const day = renderReminder(data(), '24h', links);
    const hour = renderReminder(data(), '1h', links);
    expect(day.subject).toBe('Напоминание: сессия через 24 часа');
    expect(hour.subject).toBe('Напоминание: сессия через 1 час');
    expect(hour.text).toContain('Через 1 час у вас сессия с психологом Анна Смирнова.');
    expect(hour.text).toContain('22.11.2026 в 21:30 (Владивосток, UTC+10)');
    expect(day.attachments).toBeUndefined();
  });

  it('links every mail about a session to that session, reminders also to the call, and the .ics event to it', () => {
    const at = (path: string) => `https://therapy.example${path}`;
    const [client, therapist] = renderBookingConfirmed(data(), links);
    expect(client?.text).toContain(`Сессия в личном кабинете: ${at('/lk/sessions/s1ot')}`);
    expect(client?.html).toContain(`<a href="${at('/lk/sessions/s1ot')}">`);
    expect(therapist?.text).toContain(`Начать сессию: ${at('/therapist/clients/cl1ent/call')}`);
    expect(therapist?.text).toContain(`Карточка клиента: ${at('/therapist/clients/cl1ent')}`);
    const clientEvent = eventOf(client?.attachments?.[0]?.content);
    expect(clientEvent).toMatchObject({ method: 'PUBLISH', status: 'CONFIRMED', url: at('/lk/sessions/s1ot') });
    // A reminder alarm 15 minutes before the start.
    expect(clientEvent.alarms).toEqual([{ action: 'DISPLAY', trigger: '-PT15M' }]);
    expect(eventOf(therapist?.attachments?.[0]?.content).url).toBe(at('/therapist/clients/cl1ent/call'));

    const moved = { ...slot, id: 11, startsAt: new Date('2026-11-23T15:00:00Z'), rescheduledFromId: 10 };
    const [movedClient] = renderBookingRescheduled(data({ slot: moved, sequence: 1 }), startsAt, links);
    expect(movedClient?.text).toContain(`Сессия в личном кабинете: ${at('/lk/sessions/s1ot')}`);
    expect(eventOf(movedClient?.attachments?.[0]?.content)).toMatchObject({
      sequence: 1,
      url: at('/lk/sessions/s1ot'),
    });

    for (const before of ['24h', '1h'] as const) {
      const reminder = renderReminder(data(), before, links);
      expect(reminder.text).toContain(`Подключиться к сессии: ${at('/lk/call')}`);
      expect(reminder.text).toContain(`Сессия в личном кабинете: ${at('/lk/sessions/s1ot')}`);
    }

    // The cancellation: same event, one sequence up, METHOD:CANCEL, still with its URL and no alarm left to ring.
    const [cancelled, toTherapist] = renderBookingCancelled(data(), { sessionReturned: true, by: 'client', ...links });
    expect(cancelled?.text).toContain(`Сессия в личном кабинете: ${at('/lk/sessions/s1ot')}`);
    expect(cancelled?.text).toContain(`Записаться на другое время: ${at('/lk/therapists/th3rap')}`);
    expect(toTherapist?.text).toContain(`Карточка клиента: ${at('/therapist/clients/cl1ent')}`);
    expect(cancelled?.attachments?.[0]?.contentType).toContain('method=CANCEL');
    expect(eventOf(cancelled?.attachments?.[0]?.content)).toEqual({
      method: 'CANCEL',
      uid: 'abc123@therapy-platform',
      sequence: 1,
      status: 'CANCELLED',
      url: at('/lk/sessions/s1ot'),
      alarms: [],
    });
  });

  it('builds links on a public address with a path or a trailing slash', () => {
    const [client] = renderBookingConfirmed(data(), { publicUrl: 'https://example.org/therapy/' });
    expect(client?.text).toContain('Сессия в личном кабинете: https://example.org/therapy/lk/sessions/s1ot');
  });

  // Amounts: `formatMoney` of @therapy/contract/rules (money.test.ts there); the receipt is checked in job-handlers.test.ts.
  it('escapes what people typed in the HTML part and keeps it as typed in the text part', () => {
    const client = user({ email: 'client@example.test', firstName: `<b>Мария & "Ко" O'Neil</b>` });
    const [mail] = renderBookingConfirmed(data({ client }), links);
    expect(mail?.html).toContain('<p>Здравствуйте, &lt;b&gt;Мария &amp; &quot;Ко&quot; O&#39;Neil&lt;/b&gt;!</p>');
    expect(mail?.html).not.toContain('<b>');
    expect(mail?.text).toContain(`Здравствуйте, <b>Мария & "Ко" O'Neil</b>!`);
  });
});
