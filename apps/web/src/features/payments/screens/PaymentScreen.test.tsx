import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TClient, TCurrency, TPaymentInfo } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

/** GET /api/v1/user/card: the client (spec §3), with the card as payment_info. */
function makeClient(card: Partial<TPaymentInfo> = {}, currency: TCurrency = 'rub'): TClient {
  return { currency, payment_info: { payment_method_key: null, card_last: null, ...card } };
}

beforeEach(() => {
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
});

describe('payment method', () => {
  it.each([
    ['cloud_payments', 'Карта в рублях'],
    ['stripe', 'Карта в евро'],
  ] as const)('shows the saved %s card as «%s»', async (key, label) => {
    server.use(
      http.get('/api/v1/user/card', () =>
        HttpResponse.json(makeClient({ payment_method_key: key, card_last: '4242' })),
      ),
    );
    renderApp('/lk/payment', { user: makeUser('client') });
    const card = await screen.findByRole('region', { name: 'Сохранённая карта' });
    expect(await within(card).findByText(label)).toBeInTheDocument();
    expect(within(card).getByText(/4242/)).toBeInTheDocument();
  });

  it('deletes the card only after the confirmation', async () => {
    server.use(
      http.get('/api/v1/user/card', () =>
        HttpResponse.json(makeClient({ payment_method_key: 'cloud_payments', card_last: '4242' })),
      ),
      http.delete('/api/v1/user/card', () => HttpResponse.json(makeClient())),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/payment', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: 'Удалить карту' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить карту?' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Не удалять' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Удалить карту' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Карта удалена.')).toBeInTheDocument();
    expect(screen.getByText('Карта не сохранена. Она сохранится при следующей оплате.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('switches the currency', async () => {
    server.use(
      http.get('/api/v1/user/card', () => HttpResponse.json(makeClient({}, 'rub'))),
      http.put('/api/v1/user/set_currency', () => HttpResponse.json({ currency: 'eur' })),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/payment', { user: makeUser('client') });
    expect(await screen.findByRole('radio', { name: /Рубли/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Евро/ }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ currency: 'eur' }),
    );
  });

  it('shows the currency the client pays in from the client record, euros checked for a euro client', async () => {
    server.use(http.get('/api/v1/user/card', () => HttpResponse.json(makeClient({}, 'eur'))));
    renderApp('/lk/payment', { user: makeUser('client') });
    expect(await screen.findByRole('radio', { name: /Евро/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Рубли/ })).not.toBeChecked();
    expect(screen.getByText('Карта не сохранена. Она сохранится при следующей оплате.')).toBeInTheDocument();
  });
});
