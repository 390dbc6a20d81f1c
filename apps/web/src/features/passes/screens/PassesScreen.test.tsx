import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPassesResponse } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../../../lib/navigation.ts';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeClientSlot, makeSignupQuestions, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

vi.mock('../../../lib/navigation.ts', () => ({ navigateTo: vi.fn() }));
const navigate = vi.mocked(navigateTo);
const plain = (text: string | null): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const offer = (id: string, sessions: number, price: number, months: number) => ({
  id,
  tier: 'standard' as const,
  therapy_type: 'single' as const,
  sessions_count: sessions,
  currency: 'rub' as const,
  price,
  discount_price: price,
  price_per_session: Math.round(price / sessions),
  valid_months: months,
});

const PASSES: TPassesResponse = {
  currency: 'rub',
  passes: [offer('p-1', 1, 350_000, 3), offer('p-4', 4, 1_320_000, 6), offer('p-8', 8, 2_550_000, 12)],
  client_passes: [
    {
      id: 'cp-1',
      pass_id: 'p-4',
      tier: 'standard',
      therapy_type: 'single',
      status: 'active',
      sessions_total: 4,
      sessions_left: 2,
      activated_at: '2026-10-21T00:00:00Z',
      expires_at: '2027-04-21T04:58:23Z',
    },
  ],
  promocode: { active: false, description: null },
  therapist: null,
};

const BASE = [
  http.get('/api/v1/user/passes', () => HttpResponse.json(PASSES)),
  http.get('/api/v1/user/signup/questions', () => HttpResponse.json(makeSignupQuestions())),
  http.get('/api/v1/user/pass_status', () =>
    HttpResponse.json({ status: 'active', pass_purchase: { id: 'pur-1' }, sessions_left: 1, expires_at: null }),
  ),
];

beforeEach(() => {
  navigate.mockReset();
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
  window.sessionStorage.clear();
});

describe('passes page', () => {
  it('lists the client passes and the catalog with prices, per-session price, savings and plurals', async () => {
    server.use(...BASE);
    renderApp('/lk/passes', { user: makeUser('client') });
    expect(await screen.findByText('Абонемент на 4 сессии · Индивидуальная терапия')).toBeInTheDocument();
    expect(screen.getByText('Осталось 2 сессии')).toBeInTheDocument();
    expect(screen.getByText('Действует до 21.04.2027')).toBeInTheDocument();

    const four = screen.getByRole('article', { name: '4 сессии' });
    expect(plain(within(four).getByText('13 200 ₽').textContent)).toBe('13 200 ₽');
    expect(plain(within(four).getByText(/за сессию/).textContent)).toBe('3 300 ₽ за сессию');
    expect(plain(within(four).getByText(/Экономия/).textContent)).toBe('Экономия 800 ₽');
    expect(within(four).getByText('Действует 6 месяцев')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '1 сессия' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '8 сессий' })).toBeInTheDocument();
  });

  it('opens at the tier of the chosen therapist and warns before paying for a pass that does not cover them', async () => {
    const senior = { ...offer('s-4', 4, 1_600_000, 6), tier: 'senior' as const };
    server.use(
      http.get('/api/v1/user/passes', () =>
        HttpResponse.json({
          ...PASSES,
          passes: [...PASSES.passes, senior],
          therapist: { id: 'th-1', first_name: 'Анна', last_name: 'Смирнова', tier: 'senior' },
        }),
      ),
      ...BASE,
    );
    const user = userEvent.setup();
    renderApp('/lk/passes', { user: makeUser('client') });
    expect(await screen.findByRole('radio', { name: 'Опытный психолог' })).toBeChecked();
    expect(
      screen.getByText('Сессии с психологом Анна Смирнова оплачивает абонемент уровня «Опытный психолог».'),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '4 сессии' })).toHaveTextContent('16 000');

    // The covering pass: no warning in its checkout.
    await user.click(screen.getByRole('button', { name: 'Купить абонемент: 4 сессии' }));
    let dialog = await screen.findByRole('dialog', { name: 'Оплата абонемента' });
    expect(within(dialog).queryByText(/не оплатит сессии/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));

    await user.click(screen.getByRole('radio', { name: 'Психолог' }));
    expect(
      screen.getByText('Абонементы уровня «Психолог» не оплатят сессии с психологом Анна Смирнова.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Купить абонемент: 4 сессии' }));
    dialog = await screen.findByRole('dialog', { name: 'Оплата абонемента' });
    const warning = within(dialog).getByText(
      'Этот абонемент не оплатит сессии с психологом Анна Смирнова: для них нужен абонемент уровня «Опытный психолог». Им можно оплатить только сессии с психологами уровня «Психолог».',
    );
    const pay = within(dialog).getByRole('button', { name: /Оплатить/ });
    expect(warning.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));

    await user.click(screen.getByRole('button', { name: 'Показать уровень «Опытный психолог»' }));
    expect(screen.getByRole('radio', { name: 'Опытный психолог' })).toBeChecked();
  });

  it('buys from the checkout modal with the method of the currency and an Idempotency-Key', async () => {
    server.use(
      http.post('/api/v1/user/passes/p-4/buy', () =>
        HttpResponse.json({
          id: 'pur-9',
          status: 'pending',
          amount: 1_320_000,
          currency: 'rub',
          payment_url: '/sandbox/checkout/t',
        }),
      ),
      ...BASE,
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/passes', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: 'Купить абонемент: 4 сессии' }));
    const dialog = await screen.findByRole('dialog', { name: 'Оплата абонемента' });
    expect(within(dialog).getByRole('radio', { name: /Карта в рублях/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: /Оплатить/ }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sandbox/checkout/t'));
    const buy = requests.find((request) => request.url.endsWith('/buy'));
    expect(buy?.headers['idempotency-key']).toBeTruthy();
    expect(buy?.body).toEqual({ currency: 'rub', payment_method_key: 'cloud_payments', amount: 1_320_000 });
    expect(JSON.parse(window.sessionStorage.getItem('pendingPurchase') ?? '')).toEqual({ id: 'pur-9', slotId: null });
  });

  it('back from the payment page: polls the purchase until completed and shows the active pass', async () => {
    let polls = 0;
    server.use(
      http.get('/api/v1/user/pass_purchases/pur-1', () => {
        polls += 1;
        return HttpResponse.json({ id: 'pur-1', status: polls === 1 ? 'completed' : 'pending' });
      }),
      ...BASE,
    );
    renderApp('/lk/passes?purchase=pur-1', { user: makeUser('client') });
    expect(await screen.findByText('Оплата прошла')).toBeInTheDocument();
    expect(await screen.findByText('Абонемент активен: осталась 1 сессия.')).toBeInTheDocument();
    expect(polls).toBe(1);
    expect(window.sessionStorage.getItem('pendingPurchase')).toBeNull();
  });

  it('after the onboarding checkout: the pass is active and the paid session is booked', async () => {
    window.sessionStorage.setItem('pendingPurchase', JSON.stringify({ id: 'pur-5', slotId: 'slot-1' }));
    server.use(
      http.get('/api/v1/user/pass_status', () =>
        HttpResponse.json({ status: 'used_up', pass_purchase: { id: 'pur-5' }, sessions_left: 0, expires_at: null }),
      ),
      http.get('/api/v1/user/pass_purchases/pur-5', () => HttpResponse.json({ id: 'pur-5', status: 'completed' })),
      http.get('/api/v1/user/slots/slot-1', () => HttpResponse.json(makeClientSlot())),
      ...BASE,
    );
    renderApp('/lk/passes?purchase=pur-5', { user: makeUser('client') });
    expect(await screen.findByText('Оплата прошла')).toBeInTheDocument();
    expect(await screen.findByText(/Сессия записана: 24.11.2026 в 19:00/)).toBeInTheDocument();
    // The one-session pass went to the booked session: nothing calls it active.
    expect(screen.queryByText(/Абонемент активен/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Свободных сессий/)).not.toBeInTheDocument();
  });

  it('a completed purchase whose sessions are all taken does not call a pass active', async () => {
    server.use(
      http.get('/api/v1/user/pass_status', () =>
        HttpResponse.json({ status: 'used_up', pass_purchase: { id: 'pur-6' }, sessions_left: 0, expires_at: null }),
      ),
      http.get('/api/v1/user/pass_purchases/pur-6', () => HttpResponse.json({ id: 'pur-6', status: 'completed' })),
      ...BASE,
    );
    renderApp('/lk/passes?purchase=pur-6', { user: makeUser('client') });
    expect(await screen.findByText('Оплата прошла')).toBeInTheDocument();
    expect(
      await screen.findByText('Свободных сессий в абонементах не осталось: все уже записаны или проведены.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Абонемент активен/)).not.toBeInTheDocument();
  });

  it('a cancelled purchase stops polling and offers a retry', async () => {
    let polls = 0;
    server.use(
      http.get('/api/v1/user/pass_status', () =>
        HttpResponse.json({ status: 'none', pass_purchase: null, sessions_left: 0, expires_at: null }),
      ),
      http.get('/api/v1/user/pass_purchases/pur-2', () => {
        polls += 1;
        return HttpResponse.json({ id: 'pur-2', status: 'cancelled' });
      }),
      ...BASE,
    );
    renderApp('/lk/passes?purchase=pur-2', { user: makeUser('client') });
    expect(await screen.findByText('Оплата не прошла')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Попробовать снова' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls).toBe(1);
  });

  it('a stale payment link: asks once, says the purchase is not found and what to do, and lets it go', async () => {
    let polls = 0;
    server.use(
      http.get('/api/v1/user/pass_purchases/pur-old', () => {
        polls += 1;
        return apiError(404, 'not_found', 'Покупка не найдена');
      }),
      ...BASE,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/lk/passes?purchase=pur-old', { user: makeUser('client') });
    expect(await screen.findByText('Покупка не найдена')).toBeInTheDocument();
    expect(screen.getByText(/Ссылка на оплату устарела/)).toBeInTheDocument();
    expect(screen.queryByText('Проверяем оплату…')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(polls).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByText('Покупка не найдена')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(polls).toBe(1);
  });

  it('a refunded purchase stops polling and says the money went back', async () => {
    let polls = 0;
    server.use(
      http.get('/api/v1/user/pass_purchases/pur-r', () => {
        polls += 1;
        return HttpResponse.json({ id: 'pur-r', status: 'refunded' });
      }),
      ...BASE,
    );
    renderApp('/lk/passes?purchase=pur-r', { user: makeUser('client') });
    expect(await screen.findByText('Деньги за эту покупку возвращены')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбрать абонемент' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(polls).toBe(1);
  });

  it('a failed poll is swallowed silently', async () => {
    server.use(
      http.get('/api/v1/user/pass_purchases/pur-3', () => apiError(500, 'internal', 'Сбой')),
      ...BASE,
    );
    renderApp('/lk/passes?purchase=pur-3', { user: makeUser('client') });
    expect(await screen.findByText('Проверяем оплату…')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Сбой')).not.toBeInTheDocument();
    expect(screen.getByText('Проверяем оплату…')).toBeInTheDocument();
  });
});
