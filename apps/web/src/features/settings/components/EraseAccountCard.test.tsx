import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../../../lib/navigation.ts';
import { recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

vi.mock('../../../lib/navigation.ts', () => ({ navigateTo: vi.fn() }));
const navigate = vi.mocked(navigateTo);

beforeEach(() => {
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
  navigate.mockClear();
  server.use(http.get('/api/v1/auth/sessions', () => HttpResponse.json({ sessions: [] })));
});

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/lk/settings', { user: makeUser('client') });
  await user.click(await screen.findByRole('button', { name: 'Удалить аккаунт' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Удалить аккаунт?' }) };
}

describe('«Удаление аккаунта»', () => {
  it('is offered to a client only', async () => {
    renderApp('/therapist/settings', { user: makeUser('therapist') });
    expect(await screen.findByRole('heading', { name: 'Смена пароля' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить аккаунт' })).not.toBeInTheDocument();
  });

  it('says what happens before anything is sent, and «Не удалять» sends nothing', async () => {
    const requests = recordRequests();
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveTextContent('Будущие сессии отменятся по правилам отмены');
    expect(dialog).toHaveTextContent('Парные сессии, которые записал ваш партнёр, останутся за ним');
    expect(dialog).toHaveTextContent('записи об оплатах, которые мы обязаны хранить по закону');
    expect(dialog).toHaveTextContent('Восстановить аккаунт будет нельзя');
    await user.click(within(dialog).getByRole('button', { name: 'Не удалять' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('asks for the password first, and puts a wrong one on its field', async () => {
    server.use(
      http.post('/api/v1/user/erase', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Пароль указан неверно',
              fields: { password: 'Пароль указан неверно' },
            },
          },
          { status: 422 },
        ),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Удалить навсегда' }));
    expect(await within(dialog).findByText('Укажите пароль')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Пароль для подтверждения/), 'не-тот');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить навсегда' }));
    expect(await within(dialog).findByText('Пароль указан неверно')).toBeInTheDocument();
    expect(screen.queryByText('Аккаунт удалён')).not.toBeInTheDocument();
  });

  it('erases with the password, says so, and leads out', async () => {
    server.use(
      http.post('/api/v1/user/erase', () =>
        HttpResponse.json({ erased: true, cancelled_sessions: 2, returned_sessions: 2 }),
      ),
    );
    const requests = recordRequests();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Пароль для подтверждения/), 'demo-password');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить навсегда' }));
    expect(await screen.findByText('Аккаунт и данные о вас удалены. Отменены 2 будущие сессии.')).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'POST' && r.url === '/api/v1/user/erase');
    expect(sent?.body).toEqual({ password: 'demo-password' });
    expect(sent?.headers['x-csrf-token']).toBe('csrf-1');
    await user.click(screen.getByRole('button', { name: 'На главную' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('leads out however the done dialog is closed', async () => {
    server.use(
      http.post('/api/v1/user/erase', () =>
        HttpResponse.json({ erased: true, cancelled_sessions: 0, returned_sessions: 0 }),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Пароль для подтверждения/), 'demo-password');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить навсегда' }));
    const done = await screen.findByRole('dialog', { name: 'Аккаунт удалён' });
    expect(done).toHaveTextContent('Аккаунт и данные о вас удалены.');
    await user.click(within(done).getByRole('button', { name: 'Закрыть' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('is offered on the consent gate too: who does not accept a new text may leave for good', async () => {
    server.use(
      http.get('/api/v1/user/consents', () =>
        HttpResponse.json({
          consents: [
            {
              kind: 'health_data',
              title: 'Обработка персональных данных и данных о здоровье',
              text: 'Я соглашаюсь…',
              version: '2099-01-01',
              required: true,
              accepted: { version: '2026-11-01', at: '2026-11-02T10:00:00Z' },
              needs_acceptance: true,
              withdrawal: null,
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/lk/sessions', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Подтвердите согласие' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Удалить аккаунт' }));
    expect(await screen.findByRole('dialog', { name: 'Удалить аккаунт?' })).toHaveTextContent(
      'Восстановить аккаунт будет нельзя',
    );
  });
});
