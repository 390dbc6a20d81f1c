import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCalendarFeed, TSchedule, TTherapistUpcomingResponse } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { addDays, localDateOf } from '../../../i18n/format-zoned.ts';
import { recordRequests, server } from '../../../testing/api-server.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const TZ = 'Asia/Vladivostok';
const today = localDateOf(new Date(), TZ);
const tomorrow = addDays(today, 1);

const schedule = (over: Partial<TSchedule> = {}): TSchedule => ({
  tz: TZ,
  session_minutes: 50,
  buffer_minutes: 10,
  accepting_clients: true,
  rules: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 600, end_minute: 1080 })),
  exceptions: [],
  ...over,
});

const upcoming: TTherapistUpcomingResponse = {
  tz: TZ,
  sessions: [
    {
      slot_hashid: 's1',
      // The client lives in Lisbon; the screen shows the therapist's date and time only.
      starts_at: { at: '2030-01-01T00:00:00.000Z', date: tomorrow, time: '12:00', weekday: 0, label: '' },
      ends_at: '2030-01-01T00:50:00.000Z',
      duration_min: 50,
      therapy_type: 'single',
      status: 'booked',
      outcome: null,
      correctable_until: null,
      post_session_form: null,
      client: { hashid: 'c1', name: 'Анна Соколова', partner_name: null },
      opens_at: '2030-01-01T00:00:00.000Z',
      closes_at: '2030-01-01T01:00:00.000Z',
    },
  ],
};

const feed = (token: string): TCalendarFeed => ({
  url: `https://example.test/api/v1/calendar/${token}.ics`,
  webcal_url: `webcal://example.test/api/v1/calendar/${token}.ics`,
});

function answer(over: Partial<TSchedule> = {}) {
  server.use(
    http.get('/api/v1/therapist/schedule', () => HttpResponse.json(schedule(over))),
    http.get('/api/v1/therapist/sessions/upcoming', () => HttpResponse.json(upcoming)),
    http.get('/api/v1/therapist/schedule/calendar_feed', () => HttpResponse.json(feed('a'.repeat(43)))),
  );
}

describe('therapist schedule screen', () => {
  it('names the zone as people do in the interface’s language, never its IANA id', async () => {
    answer();
    renderApp('/therapist/schedule', { user: makeUser('therapist'), language: 'en' });
    expect(await screen.findByText('Your time zone: Vladivostok, UTC+10')).toBeInTheDocument();
    expect(screen.queryByText(/Asia\/Vladivostok/)).not.toBeInTheDocument();
  });

  it('shows the week in the therapist’s zone: the booked session and the free time around it', async () => {
    answer();
    renderApp('/therapist/schedule', { user: makeUser('therapist') });
    expect(await screen.findByText('Ваш часовой пояс: Владивосток, UTC+10')).toBeInTheDocument();
    const [, month, day] = tomorrow.split('-');
    const dayCard = screen.getByRole('heading', { name: new RegExp(`${day}\\.${month}`) }).closest('li');
    expect(dayCard).not.toBeNull();
    const inDay = within(dayCard as HTMLElement);
    // 12:00 + 50 min + 10 min buffer: free before it and from 13:00 to the end of the hours, in the order of the day.
    expect(inDay.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Свободно 10:00–12:00',
      '12:00 — Анна Соколова',
      'Свободно 13:00–18:00',
    ]);
  });

  it('saves the hours in minutes and shows the clashing sessions when the server refuses', async () => {
    answer();
    server.use(
      http.put('/api/v1/therapist/schedule', () =>
        HttpResponse.json(
          {
            error: {
              code: 'conflict',
              message: 'Изменение пересекается с записанными сессиями',
              clashes: [
                {
                  slot_id: 's1',
                  starts_at: '2030-01-01T00:00:00.000Z',
                  duration_min: 50,
                  local_label: '01.01.2030 в 10:00',
                  client_name: 'Анна Соколова',
                },
              ],
            },
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/therapist/schedule', { user: makeUser('therapist') });
    const monday = await screen.findByRole('group', { name: 'Понедельник' });
    await user.click(within(monday).getByRole('button', { name: 'Убрать' }));
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Сохранить часы' }));
    expect(await screen.findByText('01.01.2030 в 10:00 — Анна Соколова')).toBeInTheDocument();
    expect(screen.getByText(/пересекается с записанными сессиями/)).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ session_minutes: 50, buffer_minutes: 10, accepting_clients: true });
    const rules = (put?.body as { rules: { weekday: number }[] } | undefined)?.rules ?? [];
    expect(rules).toHaveLength(6);
    expect(rules).toContainEqual({ weekday: 1, start_minute: 600, end_minute: 1080 });
    expect(rules.some((r) => r.weekday === 0)).toBe(false);
  });

  it('adds a day off and deletes an exception', async () => {
    answer({ exceptions: [{ id: 'e1', date: tomorrow, kind: 'extra_hours', start_minute: 1140, end_minute: 1260 }] });
    server.use(
      http.post('/api/v1/therapist/schedule/exceptions', () =>
        HttpResponse.json({ id: 'e2', date: today, kind: 'day_off', start_minute: null, end_minute: null }),
      ),
      http.delete('/api/v1/therapist/schedule/exceptions/e1', () => HttpResponse.json({ success: true })),
    );
    const user = userEvent.setup();
    renderApp('/therapist/schedule', { user: makeUser('therapist') });
    expect(await screen.findByText(/Дополнительные часы 19:00–21:00/)).toBeInTheDocument();
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    await user.click(screen.getByRole('button', { name: /Удалить исключение/ }));
    await vi.waitFor(() => expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(2));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ date: today, kind: 'day_off' });
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/v1/therapist/schedule/exceptions/e1');
  });

  it('shows the feed URL and resets it only after confirmation', async () => {
    answer();
    server.use(
      http.post('/api/v1/therapist/schedule/calendar_feed/reset', () => HttpResponse.json(feed('b'.repeat(43)))),
    );
    const user = userEvent.setup();
    renderApp('/therapist/schedule', { user: makeUser('therapist') });
    const field = await screen.findByLabelText('Ссылка на календарь');
    expect(field).toHaveValue(feed('a'.repeat(43)).url);
    expect(screen.getByRole('link', { name: 'Открыть в приложении календаря' })).toHaveAttribute(
      'href',
      feed('a'.repeat(43)).webcal_url,
    );
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Сбросить ссылку' }));
    expect(screen.getByText(/Старая ссылка перестанет работать/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Сбросить ссылку' }));
    await user.click(screen.getByRole('button', { name: 'Да, сбросить' }));
    expect(await screen.findByText('Ссылка сброшена: подпишитесь на новую')).toBeInTheDocument();
    expect(screen.getByLabelText('Ссылка на календарь')).toHaveValue(feed('b'.repeat(43)).url);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toContain(
      'POST /api/v1/therapist/schedule/calendar_feed/reset',
    );
  });

  it('says so when the schedule cannot be loaded', async () => {
    server.use(
      http.get('/api/v1/therapist/schedule', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Что-то пошло не так' } }, { status: 500 }),
      ),
    );
    renderApp('/therapist/schedule', { user: makeUser('therapist') });
    expect(await screen.findByText('Что-то пошло не так')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Повторить/ })).toBeInTheDocument();
  });
});
