import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

beforeEach(() => {
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
});

const NONE = http.get('/api/v1/user/promocode', () =>
  HttpResponse.json({ active: false, description: null, code: null }),
);

describe('promo code', () => {
  it('applies a code and shows its description', async () => {
    server.use(
      NONE,
      http.post('/api/v1/user/promocode', () =>
        HttpResponse.json({ active: true, description: 'Скидка 10 %', code: 'WELCOME10' }),
      ),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/promocode', { user: makeUser('client') });
    await user.type(await screen.findByRole('textbox', { name: 'Промокод' }), ' WELCOME10 ');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByRole('heading', { name: 'Действующий промокод' })).toBeInTheDocument();
    expect(screen.getAllByText(/Скидка 10 %/).length).toBeGreaterThan(0);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ code: 'WELCOME10' });
  });

  it('tells a black-listed employee why the code is refused', async () => {
    server.use(
      NONE,
      http.post('/api/v1/user/promocode', () =>
        apiError(403, 'promocode_blocked', 'Ваш работодатель запретил вам использовать промокоды'),
      ),
    );
    const user = userEvent.setup();
    renderApp('/lk/promocode', { user: makeUser('client') });
    await user.type(await screen.findByRole('textbox', { name: 'Промокод' }), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByText('Ваш работодатель запретил вам использовать промокоды')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Промокод' })).toHaveFocus();
  });

  it('shows the Russian error of an unknown code under the field', async () => {
    server.use(
      NONE,
      http.post('/api/v1/user/promocode', () =>
        apiError(422, 'promocode_invalid', 'Такого промокода нет', { code: 'Такого промокода нет' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/lk/promocode', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: 'Применить' }));
    expect(await screen.findByText('Введите промокод')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Промокод' }), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByText('Такого промокода нет')).toBeInTheDocument();
  });
});
