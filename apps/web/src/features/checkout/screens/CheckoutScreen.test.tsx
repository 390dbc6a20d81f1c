import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../../../lib/navigation.ts';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeCheckout, makeClientSlot, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

vi.mock('../../../lib/navigation.ts', () => ({ navigateTo: vi.fn() }));
const navigate = vi.mocked(navigateTo);

const plain = (text: string | null): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const heldSlot = makeClientSlot({ id: 'slot-1', status: 'held', hold_expires_at: '2099-01-01T00:00:00Z' });

beforeEach(() => {
  navigate.mockReset();
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('onboarding checkout', () => {
  it.each([
    ['rub', 'Карта в рублях', 'Карта в евро', 'Оплатить 3 500 ₽'],
    ['eur', 'Карта в евро', 'Карта в рублях', 'Оплатить 40 €'],
  ] as const)('a %s checkout starts with the method of its currency', async (currency, checked, other, pay) => {
    server.use(
      http.get('/api/v1/user/checkout', () => HttpResponse.json(makeCheckout({ currency }))),
      http.get('/api/v1/user/slots/slot-1', () => HttpResponse.json(heldSlot)),
    );
    renderApp('/lk/checkout', { user: makeUser('client') });
    expect(await screen.findByRole('radio', { name: new RegExp(checked) })).toBeChecked();
    expect(screen.getByRole('radio', { name: new RegExp(other) })).not.toBeChecked();
    expect(plain(screen.getByRole('button', { name: /Оплатить/ }).textContent)).toBe(pay);
  });

  it('lower-cases the currency it loads (spec §3)', async () => {
    server.use(
      http.get('/api/v1/user/checkout', () => HttpResponse.json(makeCheckout({ currency: 'EUR' as 'eur' }))),
      http.get('/api/v1/user/slots/slot-1', () => HttpResponse.json(heldSlot)),
    );
    renderApp('/lk/checkout', { user: makeUser('client') });
    expect(await screen.findByRole('radio', { name: /Карта в евро/ })).toBeChecked();
  });

  it('shows the therapist, the time in the client zone, the discount and the hold countdown', async () => {
    // Two days before the session: the free-cancellation deadline is still ahead.
    vi.useFakeTimers({ now: new Date('2026-11-22T16:00:00Z'), shouldAdvanceTime: true });
    server.use(
      http.get('/api/v1/user/checkout', () =>
        HttpResponse.json(
          makeCheckout({
            payment_methods: [
              { key: 'cloud_payments', currency: 'rub', price: 350_000, discount_price: 315_000 },
              { key: 'stripe', currency: 'eur', price: 4_000, discount_price: 3_600 },
            ],
            promocode: { active: true, description: 'Скидка 10 % на первую сессию' },
          }),
        ),
      ),
      http.get('/api/v1/user/slots/slot-1', () => HttpResponse.json(heldSlot)),
    );
    renderApp('/lk/checkout', { user: makeUser('client', { tz: 'Asia/Yekaterinburg' }) });
    expect(await screen.findByText('Татьяна Васильева')).toBeInTheDocument();
    expect(screen.getByText('24.11.2026 в 11:00')).toBeInTheDocument();
    expect(screen.getByText(/Скидка 10 % на первую сессию/)).toBeInTheDocument();
    expect(plain(screen.getByRole('button', { name: /Оплатить/ }).textContent)).toBe('Оплатить 3 150 ₽');
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    expect(
      screen.getByText(/Отменить или перенести сессию бесплатно можно до 23\.11\.2026 в 19:00/),
    ).toBeInTheDocument();
  });

  it('a session inside 24 hours promises no free-cancellation deadline, which has already passed', async () => {
    // Three hours before the start at 24.11 19:00 (Moscow): the deadline 23.11 19:00 is behind.
    vi.useFakeTimers({ now: new Date('2026-11-24T13:00:00Z'), shouldAdvanceTime: true });
    server.use(
      http.get('/api/v1/user/checkout', () => HttpResponse.json(makeCheckout())),
      http.get('/api/v1/user/slots/slot-1', () => HttpResponse.json(heldSlot)),
    );
    renderApp('/lk/checkout', { user: makeUser('client') });
    expect(await screen.findByText(/бесплатно отменить или перенести эту сессию уже нельзя/)).toBeInTheDocument();
    expect(screen.queryByText(/бесплатно можно до/)).not.toBeInTheDocument();
    expect(screen.queryByText(/23\.11\.2026 в 19:00/)).not.toBeInTheDocument();
  });

  it.each([
    ['a new client', { upcoming: [heldSlot], past: [] }, 'Оплата первой сессии'],
    [
      'a returning client',
      { upcoming: [heldSlot], past: [makeClientSlot({ id: 'slot-0', status: 'completed' })] },
      'Оплата сессии',
    ],
  ])('%s reads a title true to them', async (_who, sessions, title) => {
    server.use(
      http.get('/api/v1/user/checkout', () => HttpResponse.json(makeCheckout())),
      http.get('/api/v1/user/slots/slot-1', () => HttpResponse.json(heldSlot)),
      http.get('/api/v1/user/slots', () => HttpResponse.json(sessions)),
    );
    renderApp('/lk/checkout', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await screen.findByText('Татьяна Васильева');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(new RegExp(`^${title}$`));
  });

  it('switching to the euro card switches the currency', async () => {
    server.use(
      http.get('/api/v1/user/checkout', () => HttpResponse.json(makeCheckout())),
      http.get('/api/v1/user/slots/slot-1', () => HttpResponse.json(heldSlot)),
      http.put('/api/v1/user/set_currency', () => HttpResponse.json({ currency: 'eur' })),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/checkout', { user: makeUser('client') });
    await user.click(await screen.findByRole('radio', { name: /Карта в евро/ }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ currency: 'eur' }),
    );
  });

  it('pays with an Idempotency-Key, reuses it on a retry and goes to the payment page', async () => {
    let calls = 0;
    server.use(
      http.get('/api/v1/user/checkout', () => HttpResponse.json(makeCheckout())),
      http.get('/api/v1/user/slots/slot-1', () => HttpResponse.json(heldSlot)),
      http.post('/api/v1/user/passes/pass-1/buy', () => {
        calls += 1;
        return calls === 1
          ? apiError(503, 'internal', 'Платёжная система не ответила')
          : HttpResponse.json({
              id: 'pur-1',
              status: 'pending',
              amount: 350_000,
              currency: 'rub',
              payment_url: '/sandbox/checkout/x',
            });
      }),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/checkout', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: /Оплатить/ }));
    expect(await screen.findByText('Платёжная система не ответила')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Оплатить/ }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sandbox/checkout/x'));

    const buys = requests.filter((request) => request.url.endsWith('/buy'));
    expect(buys).toHaveLength(2);
    const key = buys[0]?.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(buys[1]?.headers['idempotency-key']).toBe(key);
    expect(buys[0]?.body).toEqual({
      currency: 'rub',
      payment_method_key: 'cloud_payments',
      slot_hashid: 'slot-1',
      amount: 350_000,
    });
  });

  it('without a held time, leads back to choosing one', async () => {
    server.use(http.get('/api/v1/user/checkout', () => apiError(404, 'not_found', 'Нет выбранного времени сессии')));
    renderApp('/lk/checkout', { user: makeUser('client') });
    expect(await screen.findByText('Нет выбранного времени сессии')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Выбрать время' })).toHaveAttribute('href', '/lk/therapists');
  });
});
