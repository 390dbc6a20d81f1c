import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TActiveSession } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

beforeEach(() => {
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
});

const THIS: TActiveSession = {
  id: 'a'.repeat(32),
  current: true,
  device: { browser: 'Chrome 131', os: 'Windows 10', type: 'desktop' },
  ip: '127.0.0.1',
  place: { kind: 'local' },
  signed_in_at: '2026-11-22T08:00:00Z',
  last_used_at: '2026-11-22T11:30:00Z',
};
const PHONE: TActiveSession = {
  id: 'b'.repeat(32),
  current: false,
  device: { browser: 'Safari 17', os: 'iOS 17.5', type: 'mobile' },
  ip: '77.88.8.8',
  place: { kind: 'country', country_code: 'RU' },
  signed_in_at: '2026-11-20T08:00:00Z',
  last_used_at: '2026-11-21T09:15:00Z',
};

describe('active sessions', () => {
  it('lists this device and the others with device, place and last use, and ends one', async () => {
    server.use(
      http.get('/api/v1/auth/sessions', () => HttpResponse.json({ sessions: [THIS, PHONE] })),
      http.delete('/api/v1/auth/sessions/:id', () => HttpResponse.json({ sessions: [THIS] })),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/settings', { user: makeUser('client', { tz: 'Europe/Moscow' }) });
    const list = await screen.findByRole('list', { name: 'Активные сеансы' });
    const [current, phone] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('Chrome 131 · Windows 10 (компьютер)');
    expect(current).toHaveTextContent('Локальная сеть, 127.0.0.1');
    expect(current).toHaveTextContent('Это устройство');
    expect(within(current as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('Safari 17 · iOS 17.5 (телефон)');
    expect(phone).toHaveTextContent('Россия, 77.88.8.8');
    expect(phone).toHaveTextContent('Последнее действие: 21.11.2026 в 12:15');

    await user.click(screen.getByRole('button', { name: 'Завершить сеанс: Safari 17 · iOS 17.5' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('Других активных сеансов нет.')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'DELETE');
    expect(sent?.url).toContain(`/api/v1/auth/sessions/${PHONE.id}`);
    expect(sent?.headers['x-csrf-token']).toBe('csrf-1');
  });

  it('ends all the other sessions at once', async () => {
    server.use(
      http.get('/api/v1/auth/sessions', () =>
        HttpResponse.json({ sessions: [THIS, PHONE, { ...PHONE, id: 'c'.repeat(32) }] }),
      ),
      http.post('/api/v1/auth/sessions/end_others', () => HttpResponse.json({ sessions: [THIS] })),
    );
    const user = userEvent.setup();
    renderApp('/therapist/settings', { user: makeUser('therapist') });
    await user.click(await screen.findByRole('button', { name: 'Завершить все другие сеансы' }));
    expect(await screen.findByText('Все другие сеансы завершены.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Активные сеансы' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows a failed load with «Повторить»', async () => {
    server.use(
      http.get('/api/v1/auth/sessions', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Что-то пошло не так' } }, { status: 500 }),
      ),
    );
    renderApp('/business/settings', { user: makeUser('business_account') });
    expect(await screen.findByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});

describe('changing the password', () => {
  it('puts a wrong current password on its field', async () => {
    server.use(
      http.get('/api/v1/auth/sessions', () => HttpResponse.json({ sessions: [THIS] })),
      http.post('/api/v1/auth/password', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Текущий пароль указан неверно',
              fields: { current_password: 'Текущий пароль указан неверно' },
            },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/lk/settings', { user: makeUser('client') });
    await user.type(await screen.findByLabelText('Текущий пароль'), 'wrong-one');
    await user.type(screen.getByLabelText(/Новый пароль/), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText('Текущий пароль указан неверно')).toBeInTheDocument();
    expect(screen.getByLabelText('Текущий пароль')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the new password’s length before sending, then says how many sessions it ended', async () => {
    let sessions = [THIS, PHONE];
    server.use(
      http.get('/api/v1/auth/sessions', () => HttpResponse.json({ sessions })),
      http.post('/api/v1/auth/password', () => {
        sessions = [THIS];
        return HttpResponse.json({ ended_sessions: 1 });
      }),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/settings', { user: makeUser('client') });
    await user.type(await screen.findByLabelText('Текущий пароль'), 'demo-password');
    await user.type(screen.getByLabelText(/Новый пароль/), 'short');
    await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText('Пароль должен быть не короче 10 символов')).toBeInTheDocument();
    expect(requests.some((request) => request.url.endsWith('/api/v1/auth/password'))).toBe(false);

    await user.clear(screen.getByLabelText(/Новый пароль/));
    await user.type(screen.getByLabelText(/Новый пароль/), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText('Пароль изменён. Завершён 1 другой сеанс.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Активные сеансы' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByLabelText('Текущий пароль')).toHaveValue('');
  });
});
