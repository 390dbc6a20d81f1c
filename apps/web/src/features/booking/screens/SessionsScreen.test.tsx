import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeCancelPolicy, makeClientSlot, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

beforeEach(() => {
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
});

const upcoming = makeClientSlot();
const past = makeClientSlot({
  id: 'slot-0',
  status: 'completed',
  starts_at: '2026-11-15T16:00:00.000Z',
  ends_at: '2026-11-15T16:50:00.000Z',
  starts_at_label: '15.11.2026 в 19:00',
});

const freeSlots = {
  therapist_id: 'th-1',
  tz: 'Europe/Moscow',
  session_minutes: 50,
  days: [
    {
      date: '2026-11-26',
      weekday: 3,
      slots: [{ starts_at: '2026-11-26T09:00:00.000Z', time: '12:00', label: '26.11.2026 в 12:00' }],
    },
  ],
};

function api(policy = makeCancelPolicy()) {
  return [
    http.get('/api/v1/user/slots', () => HttpResponse.json({ upcoming: [upcoming], past: [past] })),
    http.get('/api/v1/user/slots/slot-1/cancel_policy', () => HttpResponse.json(policy)),
    http.get('/api/v1/user/therapists/th-1/free_slots', () => HttpResponse.json(freeSlots)),
    http.post('/api/v1/user/slots/slot-1/cancel', () =>
      HttpResponse.json({
        slot: { ...upcoming, status: 'cancelled' },
        session_returned: policy.free,
        message: policy.free ? 'Сессия отменена и вернулась в абонемент' : 'Сессия отменена и списана',
      }),
    ),
    http.post('/api/v1/user/slots/slot-1/reschedule', async ({ request }) =>
      HttpResponse.json({
        ...upcoming,
        starts_at: ((await request.json()) as { starts_at: string }).starts_at,
        starts_at_label: '26.11.2026 в 12:00',
      }),
    ),
  ];
}

describe('my sessions', () => {
  it('writes the times from the ISO instants in the interface language', async () => {
    server.use(...api());
    renderApp('/lk/sessions', { user: makeUser('client'), language: 'en' });
    expect(await screen.findByRole('link', { name: '24.11.2026 at 19:00' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '15.11.2026 at 19:00' })).toBeInTheDocument();
  });

  it('lists upcoming and past sessions with their status', async () => {
    server.use(...api());
    renderApp('/lk/sessions', { user: makeUser('client') });
    expect(await screen.findByRole('link', { name: '24.11.2026 в 19:00' })).toHaveAttribute(
      'href',
      '/lk/sessions/slot-1',
    );
    expect(screen.getByText('Запланирована')).toBeInTheDocument();
    expect(screen.getByText('Состоялась')).toBeInTheDocument();
  });

  it('offers «Оценить сессию» on a past session the client has not rated, and only there', async () => {
    server.use(
      http.get('/api/v1/user/slots', () =>
        HttpResponse.json({ upcoming: [upcoming], past: [{ ...past, can_rate: true }] }),
      ),
      ...api(),
    );
    const user = userEvent.setup();
    renderApp('/lk/sessions', { user: makeUser('client') });
    const rate = await screen.findByRole('button', { name: 'Оценить сессию 15.11.2026 в 19:00' });
    expect(screen.getAllByRole('button', { name: /^Оценить сессию/ })).toHaveLength(1);
    await user.click(rate);
    expect(await screen.findByRole('dialog', { name: 'Как прошла сессия?' })).toBeInTheDocument();
  });

  it('cancel: shows the free-cancellation policy before the confirm button, then cancels', async () => {
    server.use(...api());
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/sessions', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: 'Отменить сессию 24.11.2026 в 19:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отменить сессию?' });
    const policy = await within(dialog).findByText(
      'Отмена бесплатная: до 23.11.2026 в 19:00 сессия вернётся в абонемент.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Отменить сессию' });
    expect(policy.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(requests.some((request) => request.url.endsWith('/cancel'))).toBe(false);

    await user.click(confirm);
    expect(await within(dialog).findByText('Сессия отменена и вернулась в абонемент')).toBeInTheDocument();
    expect(requests.filter((request) => request.url.endsWith('/cancel'))).toHaveLength(1);
  });

  it('cancel late: warns that the session will be spent', async () => {
    server.use(
      ...api(
        makeCancelPolicy({ free: false, message: 'Сессия будет списана', free_until_label: '23.11.2026 в 19:00' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/lk/sessions', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: 'Отменить сессию 24.11.2026 в 19:00' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Если отменить сейчас, сессия будет списана/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Всё равно отменить' })).toBeInTheDocument();
  });

  it('reschedule: shows the policy, then a new time, then confirms the move', async () => {
    server.use(...api());
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/sessions', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: 'Перенести сессию 24.11.2026 в 19:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Перенести сессию' });
    expect(await within(dialog).findByText('Перенести бесплатно можно до 23.11.2026 в 19:00.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Перенести' })).not.toBeInTheDocument();

    await user.click(await within(dialog).findByRole('button', { name: '26.11.2026 в 12:00' }));
    expect(within(dialog).getByText('Перенести с 24.11.2026 в 19:00 на 26.11.2026 в 12:00?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Перенести' }));
    expect(await within(dialog).findByText(/Новое время: 26.11.2026 в 12:00/)).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((request) => request.url.endsWith('/reschedule'))?.body).toEqual({
        starts_at: '2026-11-26T09:00:00.000Z',
      }),
    );
  });

  it('reschedule is refused with the reason when it is too late', async () => {
    server.use(...api(makeCancelPolicy({ free: false, can_reschedule: false })));
    const user = userEvent.setup();
    renderApp('/lk/sessions', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: 'Перенести сессию 24.11.2026 в 19:00' }));
    expect(await screen.findByText('Эту сессию уже нельзя перенести: до начала меньше 24 часов.')).toBeInTheDocument();
  });
});
