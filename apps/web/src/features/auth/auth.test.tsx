import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_VERSION } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../../lib/navigation.ts';
import { apiError, recordRequests, server } from '../../testing/api-server.ts';
import { makeUser } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render.tsx';

vi.mock('../../lib/navigation.ts', () => ({ navigateTo: vi.fn() }));

const navigate = vi.mocked(navigateTo);

beforeEach(() => {
  navigate.mockReset();
});

describe('sign-in', () => {
  it('validates before sending: Russian messages on the fields, focus on the first', async () => {
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-in');

    await user.click(await screen.findByRole('button', { name: 'Войти' }));

    const email = screen.getByLabelText('E-mail');
    // The form's validation loads on first use (lazy-resolver.ts): the messages follow the click.
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Укажите корректный e-mail');
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription('Укажите пароль');
    expect(email).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('POSTs routes.signIn and loads the home of the role the server answers with', async () => {
    server.use(
      http.post('/api/v1/auth/sign_in', () => HttpResponse.json({ user: makeUser('therapist'), csrf_token: 'new' })),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/therapist/auth/sign-in');

    expect(await screen.findByRole('heading', { level: 1, name: 'Вход для психологов' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), ' Therapist@Example.com ');
    await user.type(screen.getByLabelText('Пароль'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/therapist'));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/auth/sign_in',
      // The page's role goes along, so a client's password here is refused, not signed in as a client.
      body: { email: 'therapist@example.com', password: 'demo-password', role: 'therapist' },
    });
  });

  it('returns to the page asked for (?next=) when it is in the role area', async () => {
    server.use(
      http.post('/api/v1/auth/sign_in', () => HttpResponse.json({ user: makeUser('client'), csrf_token: 'new' })),
    );
    const user = userEvent.setup();
    renderApp('/auth/sign-in?next=%2Flk%2Fpasses');

    await user.type(await screen.findByLabelText('E-mail'), 'client@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/lk/passes'));
  });

  it("shows the server's message on a failed sign-in", async () => {
    server.use(
      http.post('/api/v1/auth/sign_in', () => apiError(401, 'invalid_credentials', 'Неверный e-mail или пароль')),
    );
    const user = userEvent.setup();
    renderApp('/business/auth/sign-in');

    await user.type(await screen.findByLabelText('E-mail'), 'business@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный e-mail или пароль');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('explains a network failure', async () => {
    server.use(http.post('/api/v1/auth/sign_in', () => HttpResponse.error()));
    const user = userEvent.setup();
    renderApp('/auth/sign-in');

    await user.type(await screen.findByLabelText('E-mail'), 'client@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось связаться с сервером');
  });
});

describe('sign-up', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('E-mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Имя'), 'Мария');
    await user.type(screen.getByLabelText('Пароль'), 'long-enough-password');
  }

  it('shows the password hint and requires the consent', async () => {
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-up');

    await fill(user);
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription('Минимум 10 символов');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    const consent = screen.getByRole('checkbox', {
      name: 'Я даю согласие на обработку персональных данных, в том числе данных о здоровье',
    });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveFocus();
    expect(consent).toHaveAccessibleDescription('Нужно согласие на обработку персональных данных и данных о здоровье');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('sends the consent, its version and the browser time zone, then loads /lk', async () => {
    server.use(
      http.post('/api/v1/auth/sign_up', () =>
        HttpResponse.json({ user: makeUser('client'), csrf_token: 'new' }, { status: 201 }),
      ),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-up');

    await fill(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/lk'));
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      body: {
        email: 'new@example.com',
        first_name: 'Мария',
        password: 'long-enough-password',
        consent: true,
        consent_version: CONSENT_VERSION,
        tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    });
  });

  it('maps server field errors to the fields', async () => {
    server.use(
      http.post('/api/v1/auth/sign_up', () =>
        apiError(409, 'email_taken', 'Не удалось зарегистрироваться', { email: 'Этот e-mail уже зарегистрирован' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/auth/sign-up');

    await fill(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось зарегистрироваться');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Этот e-mail уже зарегистрирован');
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
  });

  it('offers the usage-sharing line only to an employee invited by their employer, and sends the choice', async () => {
    server.use(
      http.post('/api/v1/auth/sign_up', () =>
        HttpResponse.json({ user: makeUser('client'), csrf_token: 'new' }, { status: 201 }),
      ),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-up?invite=employer&email=staff%40example.com');

    expect(await screen.findByLabelText('E-mail')).toHaveValue('staff@example.com');
    await user.type(screen.getByLabelText('Имя'), 'Мария');
    await user.type(screen.getByLabelText(/^Пароль/), 'long-enough-password');
    const [consent, share] = screen.getAllByRole('checkbox');
    expect(share).toHaveAccessibleName('Показывать работодателю, сколько сессий я провёл и сколько они стоили');
    await user.click(consent as HTMLElement);
    await user.click(share as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
        email: 'staff@example.com',
        share_usage_with_employer: true,
      }),
    );
  });
});
