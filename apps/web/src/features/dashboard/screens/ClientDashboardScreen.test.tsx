import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeClientSlot, makeLkData, makeLkWidgets, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const api = (data = makeLkData(), widgets = makeLkWidgets()) => [
  http.get('/api/v1/user/lk_data', () => HttpResponse.json(data)),
  http.get('/api/v1/user/lk_widgets', () => HttpResponse.json(widgets)),
];

// The page waits for the sessions of its rating prompt too: none to rate unless a test says otherwise (its own
// handler, added later, comes first).
beforeEach(() => {
  server.use(http.get('/api/v1/user/slots', () => HttpResponse.json({ upcoming: [], past: [] })));
});

afterEach(() => {
  vi.useRealTimers();
});

/** A session held two days ago that the client has not rated: the popup after the call was closed or lost. */
const unrated = makeClientSlot({
  id: 'slot-past',
  status: 'completed',
  starts_at: '2099-11-20T16:00:00.000Z',
  ends_at: '2099-11-20T16:50:00.000Z',
  starts_at_label: '20.11.2099 в 19:00',
  can_cancel: false,
  can_reschedule: false,
  can_rate: true,
});

describe('the rating of a past session, after a reload', () => {
  it('is offered on the dashboard until the client rates it', async () => {
    vi.useFakeTimers({ now: new Date('2099-11-22T13:00:00Z'), shouldAdvanceTime: true });
    let rated = false;
    server.use(
      ...api(),
      http.get('/api/v1/user/slots', () =>
        HttpResponse.json({ upcoming: [], past: [{ ...unrated, can_rate: !rated }] }),
      ),
      http.post('/api/v1/user/slot/video_quality', async ({ request }) => {
        rated = true;
        const body = (await request.json()) as { slot_hashid: string; rating: number };
        return HttpResponse.json({ success: true, ...body, comment: null });
      }),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk', { user: makeUser('client') });
    const prompt = await screen.findByRole('region', { name: 'Оцените прошедшую сессию' });
    expect(prompt).toHaveTextContent('Как прошла сессия с психологом Татьяна Васильева 20.11.2099 в 19:00?');

    await user.click(within(prompt).getByRole('button', { name: 'Оценить сессию' }));
    const dialog = await screen.findByRole('dialog', { name: 'Как прошла сессия?' });
    await user.click(within(dialog).getByRole('radio', { name: '5 звёзд из 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Отправить оценку' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ slot_hashid: 'slot-past', rating: 5 }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Оцените прошедшую сессию' })).not.toBeInTheDocument(),
    );
  });

  it('is gone for good once the client declines it with «Не оценивать»', async () => {
    vi.useFakeTimers({ now: new Date('2099-11-22T13:00:00Z'), shouldAdvanceTime: true });
    server.use(
      ...api(),
      http.get('/api/v1/user/slots', () => HttpResponse.json({ upcoming: [], past: [unrated] })),
    );
    const user = userEvent.setup();
    const first = renderApp('/lk', { user: makeUser('client') });
    const prompt = await screen.findByRole('region', { name: 'Оцените прошедшую сессию' });
    await user.click(within(prompt).getByRole('button', { name: 'Не оценивать' }));
    expect(screen.queryByRole('region', { name: 'Оцените прошедшую сессию' })).not.toBeInTheDocument();

    // A reload: the declined session is not asked about again.
    first.unmount();
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Здравствуйте, Мария!' })).toBeInTheDocument();
    await screen.findByText('Проведено 3 сессии');
    expect(screen.queryByRole('region', { name: 'Оцените прошедшую сессию' })).not.toBeInTheDocument();
  });

  it('does not ask about a session rated already or long past', async () => {
    vi.useFakeTimers({ now: new Date('2099-12-20T13:00:00Z'), shouldAdvanceTime: true });
    const ratedOne = { ...unrated, id: 'slot-rated', starts_at: '2099-12-18T16:00:00.000Z', can_rate: false };
    server.use(
      ...api(),
      http.get('/api/v1/user/slots', () => HttpResponse.json({ upcoming: [], past: [ratedOne, unrated] })),
    );
    renderApp('/lk', { user: makeUser('client') });
    await screen.findByText('Проведено 3 сессии');
    expect(screen.queryByRole('region', { name: 'Оцените прошедшую сессию' })).not.toBeInTheDocument();
  });
});

describe('client dashboard', () => {
  it('shows the widgets: next session with countdown, sessions left, completed count, therapist', async () => {
    vi.useFakeTimers({ now: new Date('2099-11-22T13:00:00Z'), shouldAdvanceTime: true });
    server.use(...api());
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Здравствуйте, Мария!' })).toBeInTheDocument();
    const next = await screen.findByRole('region', { name: 'Ближайшая сессия' });
    expect(within(next).getByText('24.11.2099 в 19:00')).toBeInTheDocument();
    expect(within(next).getByText('Начнётся через 2 дня 3 часа')).toBeInTheDocument();
    expect(within(next).getByRole('button', { name: 'Подключиться' })).toBeDisabled();
    expect(within(next).getByText('Кнопка станет активной за 10 минут до начала.')).toBeInTheDocument();
    expect(within(next).getByRole('button', { name: /Перенести/ })).toBeInTheDocument();
    expect(within(next).getByRole('button', { name: /Отменить/ })).toBeInTheDocument();

    const pass = screen.getByRole('region', { name: 'Абонемент' });
    expect(within(pass).getByText('Осталось 2 сессии')).toBeInTheDocument();
    expect(within(pass).getByRole('link', { name: 'Купить ещё' })).toHaveAttribute('href', '/lk/passes');
    expect(screen.getByText('Проведено 3 сессии')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ваш психолог' })).toHaveTextContent('Анна Смирнова');
  });

  it('enables «Подключиться» from join_opens_at and links to the call', async () => {
    vi.useFakeTimers({ now: new Date('2099-11-24T15:55:00Z'), shouldAdvanceTime: true });
    server.use(...api());
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByRole('link', { name: 'Подключиться' })).toHaveAttribute('href', '/lk/call');
    expect(screen.getByText('Начнётся через 5 минут')).toBeInTheDocument();
  });

  it.each([
    [1, 'Проведена 1 сессия'],
    [5, 'Проведено 5 сессий'],
    [21, 'Проведена 21 сессия'],
  ])('%i completed → %s', async (count, text) => {
    server.use(...api(makeLkData({ completed_sessions_count: count })));
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('tells an employee that the employer covers the sessions, and shows other widgets as the server sends them', async () => {
    server.use(
      ...api(makeLkData({ next_session: null, employer: { business_name: 'ООО «Ромашка»', covers_sessions: true } }), {
        widgets: [
          {
            kind: 'find_therapist',
            title: 'Подбор психолога',
            text: 'Для вас подобрано психологов: 10.',
            action: { label: 'Посмотреть психологов', href: '/lk/therapists' },
          },
        ],
      }),
    );
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByText('Ваши сессии оплачивает работодатель — ООО «Ромашка».')).toBeInTheDocument();
    expect(screen.getByText('Для вас подобрано психологов: 10.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Посмотреть психологов' })).toHaveAttribute('href', '/lk/therapists');
  });

  it('shows the server error when the data does not load', async () => {
    server.use(
      http.get('/api/v1/user/lk_data', () => apiError(403, 'forbidden', 'Доступ запрещён')),
      http.get('/api/v1/user/lk_widgets', () => HttpResponse.json(makeLkWidgets())),
    );
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Доступ запрещён');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
