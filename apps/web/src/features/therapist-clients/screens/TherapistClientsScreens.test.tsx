import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTherapistClient, TTherapistClientDetail, TTherapistSession } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../../testing/api-server.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const moment = (at: string, label: string, weekday = 0) => ({
  at,
  date: at.slice(0, 10),
  time: label.slice(-5),
  weekday,
  label,
});

const client = (o: Partial<TTherapistClient> & { name: string }): TTherapistClient => ({
  hashid: o.name,
  first_name: o.name.split(' ')[0] ?? '',
  last_name: o.name.split(' ')[1] ?? '',
  avatar: null,
  therapy_type: 'single',
  partner_name: null,
  sessions_done: 3,
  next_session: null,
  last_session_at: null,
  standing_slot: null,
  archived: false,
  ...o,
});

const anna = client({
  name: 'Анна Смирнова',
  hashid: 'u-anna',
  next_session: {
    slot_hashid: 's-1',
    starts_at: moment('2030-03-04T07:00:00Z', '04.03.2030 в 10:00'),
    therapy_type: 'single',
  },
  standing_slot: { weekday: 0, time: '10:00', label: 'по понедельникам в 10:00', sessions_count: 4 },
});
const boris = client({ name: 'Борис Петров', hashid: 'u-boris', therapy_type: 'couple', partner_name: 'Вера Петрова' });
const old = client({
  name: 'Галина Орлова',
  hashid: 'u-galina',
  archived: true,
  last_session_at: '2026-05-01T10:00:00Z',
});

// Typing into the search in jsdom takes a while on a busy machine.
describe('the clients page', { timeout: 20_000 }, () => {
  it('shows active clients with the next session and standing time, searches by name, and switches to the archive', async () => {
    server.use(
      http.get('/api/v1/therapist/users', ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('archived') === 'true' ? [old] : [anna, boris]),
      ),
    );
    renderApp('/therapist/clients', { user: makeUser('therapist') });
    expect(await screen.findByRole('link', { name: 'Анна Смирнова' })).toHaveAttribute(
      'href',
      '/therapist/clients/u-anna',
    );
    expect(screen.getByText('04.03.2030 в 10:00')).toBeInTheDocument();
    expect(screen.getByText('по понедельникам в 10:00')).toBeInTheDocument();
    expect(screen.getByText(/Парная терапия, с партнёром: Вера Петрова/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по имени' }), 'вера');
    expect(screen.queryByRole('link', { name: 'Анна Смирнова' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Борис Петров' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Поиск по имени' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по имени' }), 'Зоя');
    expect(screen.getByText('Никого не нашли')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Поиск по имени' }));

    await user.click(screen.getByRole('tab', { name: 'Архив' }));
    expect(await screen.findByRole('link', { name: 'Галина Орлова' })).toBeInTheDocument();
    expect(screen.getByText('Последняя сессия')).toBeInTheDocument();
    expect(screen.getByText('01.05.2026')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Архив' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says so when there are no clients yet, and offers a retry when the list fails', async () => {
    server.use(http.get('/api/v1/therapist/users', () => HttpResponse.json([])));
    renderApp('/therapist/clients', { user: makeUser('therapist') });
    expect(await screen.findByText('Пока нет клиентов')).toBeInTheDocument();
  });
});

const session = (o: Partial<TTherapistSession>): TTherapistSession => ({
  slot_hashid: 's-x',
  starts_at: moment('2030-03-04T07:00:00Z', '04.03.2030 в 10:00'),
  ends_at: '2030-03-04T07:50:00Z',
  duration_min: 50,
  therapy_type: 'single',
  status: 'booked',
  outcome: null,
  correctable_until: null,
  post_session_form: null,
  ...o,
});

const detail: TTherapistClientDetail = {
  client: anna,
  tz: 'Europe/Moscow',
  answers: {
    age: 34,
    therapy_type: 'single',
    topics: [{ code: 'anxiety', label: 'Тревога' }],
    languages: [],
  },
  upcoming: [session({ slot_hashid: 's-1' }), session({ slot_hashid: 's-2' })],
  past: [
    session({
      slot_hashid: 's-0',
      status: 'completed',
      outcome: 'completed',
      correctable_until: '2030-03-01T08:00:00Z',
      post_session_form: { types: [{ key: 'browser_desktop', label: 'Браузер на компьютере' }], comment: 'Всё хорошо' },
    }),
  ],
};

describe('the client page', { timeout: 20_000 }, () => {
  it('shows the answers, the sessions with the post-session form, and releases the standing time after naming it', async () => {
    server.use(
      http.get('/api/v1/therapist/users/u-anna', () => HttpResponse.json(detail)),
      http.get('/api/v1/therapist/users/u-anna/videobox', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Нет предстоящих сессий' } }, { status: 404 }),
      ),
      http.post('/api/v1/therapist/schedule/unsched', () => HttpResponse.json({ success: true, cancelled_count: 2 })),
    );
    const requests = recordRequests();
    renderApp('/therapist/clients/u-anna', { user: makeUser('therapist') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Анна Смирнова' })).toBeInTheDocument();
    expect(screen.getByText('Тревога')).toBeInTheDocument();
    expect(screen.getByText(/Браузер на компьютере/)).toBeInTheDocument();
    expect(screen.getByText('Всё хорошо')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Итог сессии' })).toHaveValue('completed');
    expect(await screen.findByText('Нет предстоящих сессий с этим клиентом.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Освободить постоянное время' }));
    const dialog = await screen.findByRole('dialog', { name: 'Освободить постоянное время?' });
    expect(
      within(dialog).getByText('Вы освобождаете время клиента Анна Смирнова: по понедельникам в 10:00.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/2 будущие сессии будут отменены/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Освободить' }));
    expect(await within(dialog).findByText('Отменены 2 сессии клиента Анна Смирнова.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ user_hashid: 'u-anna' });
  });

  it('corrects how a session ended while the 48 hours last', async () => {
    server.use(
      http.get('/api/v1/therapist/users/u-anna', () => HttpResponse.json(detail)),
      http.get('/api/v1/therapist/users/u-anna/videobox', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Нет' } }, { status: 404 }),
      ),
      http.post('/api/v1/therapist/sessions/s-0/outcome', () =>
        HttpResponse.json({ ...detail.past[0], status: 'missed', outcome: 'client_no_show' }),
      ),
    );
    const requests = recordRequests();
    renderApp('/therapist/clients/u-anna', { user: makeUser('therapist') });
    const outcome = await screen.findByRole('combobox', { name: 'Итог сессии' });
    expect(screen.getByRole('button', { name: 'Исправить' })).toBeDisabled();
    const user = userEvent.setup();
    await user.selectOptions(outcome, 'client_no_show');
    await user.click(screen.getByRole('button', { name: 'Исправить' }));
    await vi.waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ outcome: 'client_no_show' }),
    );
  });

  it('tells a therapist who opens someone else’s client that there is no such client', async () => {
    server.use(
      http.get('/api/v1/therapist/users/u-x', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Клиент не найден' } }, { status: 404 }),
      ),
    );
    renderApp('/therapist/clients/u-x', { user: makeUser('therapist') });
    expect(await screen.findByText('Такого клиента у вас нет')).toBeInTheDocument();
  });
});
