import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { makeAppGlobal, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

beforeEach(() => {
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
});

const NONE = { body: { active: false, description: null, code: null } };

describe('promo code', () => {
  it('applies a code and shows its description', async () => {
    const requests = mockFetch({
      'GET /api/v1/user/promocode': NONE,
      'POST /api/v1/user/promocode': { body: { active: true, description: 'Скидка 10 %', code: 'WELCOME10' } },
    });
    const user = userEvent.setup();
    renderApp('/lk/promocode', { user: makeUser('client') });
    await user.type(await screen.findByRole('textbox', { name: 'Промокод' }), ' WELCOME10 ');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByRole('heading', { name: 'Действующий промокод' })).toBeInTheDocument();
    expect(screen.getAllByText(/Скидка 10 %/).length).toBeGreaterThan(0);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ code: 'WELCOME10' });
  });

  it('tells a black-listed employee why the code is refused', async () => {
    mockFetch({
      'GET /api/v1/user/promocode': NONE,
      'POST /api/v1/user/promocode': {
        status: 403,
        body: {
          error: {
            code: 'promocode_blocked',
            message: 'Ваш работодатель запретил вам использовать промокоды',
          },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/lk/promocode', { user: makeUser('client') });
    await user.type(await screen.findByRole('textbox', { name: 'Промокод' }), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByText('Ваш работодатель запретил вам использовать промокоды')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Промокод' })).toHaveFocus();
  });

  it('shows the Russian error of an unknown code under the field', async () => {
    mockFetch({
      'GET /api/v1/user/promocode': NONE,
      'POST /api/v1/user/promocode': {
        status: 422,
        body: {
          error: {
            code: 'promocode_invalid',
            message: 'Такого промокода нет',
            fields: { code: 'Такого промокода нет' },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/lk/promocode', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: 'Применить' }));
    expect(await screen.findByText('Введите промокод')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Промокод' }), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByText('Такого промокода нет')).toBeInTheDocument();
  });
});
