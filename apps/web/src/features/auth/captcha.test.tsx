import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../../lib/navigation.ts';
import { apiError, recordRequests, server } from '../../testing/api-server.ts';
import { makeAppGlobal, makeUser } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render.tsx';

vi.mock('../../lib/navigation.ts', () => ({ navigateTo: vi.fn() }));

type TGlobals = Window & Record<string, unknown>;
const globals = window as unknown as TGlobals;
const turnstileScript = () =>
  document.head.querySelector<HTMLScriptElement>('script[src*="challenges.cloudflare.com"]');

/** Cloudflare's script as it behaves once loaded: its widget "solves" at once, handing over `token`. */
function loadTurnstile(token: string) {
  const api = {
    render: vi.fn((_element: HTMLElement, params: { callback: (token: string) => void }) => {
      params.callback(token);
      return 'widget-1';
    }),
    reset: vi.fn(),
    remove: vi.fn(),
  };
  globals.turnstile = api;
  const script = turnstileScript();
  const onload = new URL(script?.src ?? 'http://x').searchParams.get('onload') ?? '';
  (globals[onload] as () => void)();
  return api;
}

beforeEach(() => {
  vi.mocked(navigateTo).mockReset();
  window.App = makeAppGlobal({ captcha: { provider: 'turnstile', site_key: 'site-key', china_friendly: false } });
});
afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => {
    script.remove();
  });
  delete globals.turnstile;
});

async function fillSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('E-mail'), 'new@example.com');
  await user.type(screen.getByLabelText('Имя'), 'Ирина');
  await user.type(screen.getByLabelText('Пароль'), 'тихий-вечер-у-реки');
  await user.click(screen.getByLabelText(/Я даю согласие/));
}

describe('the captcha on sign-up', () => {
  it("says in Russian what to do when the provider's script is blocked, and does not send the form", async () => {
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-up');
    await fillSignUp(user);
    await waitFor(() => expect(turnstileScript()).not.toBeNull());
    turnstileScript()?.dispatchEvent(new Event('error'));

    const alert = await screen.findByText(/Не удалось загрузить проверку «Я не робот»/);
    expect(alert).toHaveTextContent('отключите блокировщик рекламы или VPN');
    expect(screen.getByText('Техническая причина: Failed to load script')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(
      await screen.findByText('Пройдите проверку «Я не робот» над кнопкой и отправьте форму снова.'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.url === '/api/v1/auth/sign_up')).toHaveLength(0);

    // «Загрузить снова» tries the script again; this time it loads and the form goes with the token.
    server.use(
      http.post('/api/v1/auth/sign_up', () => HttpResponse.json({ user: makeUser('client'), csrf_token: 'new' })),
    );
    await user.click(screen.getByRole('button', { name: 'Загрузить снова' }));
    await waitFor(() => expect(turnstileScript()).not.toBeNull());
    loadTurnstile('token-after-retry');
    await waitFor(() => expect(screen.queryByText(/Не удалось загрузить/)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/lk'));
    expect(requests.find((request) => request.url === '/api/v1/auth/sign_up')?.body).toMatchObject({
      email: 'new@example.com',
      captcha_token: 'token-after-retry',
    });
  });

  it('resets the widget after a refused sign-up, since its token is spent', async () => {
    server.use(
      http.post('/api/v1/auth/sign_up', () => apiError(409, 'email_taken', 'Этот e-mail уже зарегистрирован')),
    );
    const user = userEvent.setup();
    renderApp('/auth/sign-up');
    await fillSignUp(user);
    await waitFor(() => expect(turnstileScript()).not.toBeNull());
    const api = loadTurnstile('token-1');
    await waitFor(() => expect(api.render).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Этот e-mail уже зарегистрирован')).toBeInTheDocument();
    await waitFor(() => expect(api.reset).toHaveBeenCalledWith('widget-1'));
  });
});

describe('the captcha on sign-in', () => {
  it('appears only when the server asks for it after repeated failures, and the next try carries its token', async () => {
    let calls = 0;
    server.use(
      http.post('/api/v1/auth/sign_in', () => {
        calls += 1;
        return calls === 1
          ? apiError(
              422,
              'captcha_required',
              'Подтвердите, что вы не робот: пройдите проверку в форме и отправьте её снова',
            )
          : HttpResponse.json({ user: makeUser('client'), csrf_token: 'new' });
      }),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-in');
    await user.type(await screen.findByLabelText('E-mail'), 'client@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'demo-password');
    expect(turnstileScript()).toBeNull();
    expect(screen.queryByRole('group', { name: 'Проверка «Я не робот»' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Войти' }));
    const form = screen.getByRole('form');
    expect(await within(form).findByText(/Подтвердите, что вы не робот/)).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Проверка «Я не робот»' })).toBeInTheDocument();
    await waitFor(() => expect(turnstileScript()).not.toBeNull());
    loadTurnstile('signin-token');

    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/lk'));
    const signIns = requests.filter((request) => request.url === '/api/v1/auth/sign_in');
    expect(signIns[0]?.body).not.toHaveProperty('captcha_token');
    expect(signIns[1]?.body).toMatchObject({ captcha_token: 'signin-token' });
  });
});

describe('without the captcha plugin', () => {
  it('shows no widget and loads no script', async () => {
    window.App = makeAppGlobal({ captcha: null });
    renderApp('/auth/sign-up');
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Проверка «Я не робот»' })).not.toBeInTheDocument();
    expect(document.head.querySelector('script')).toBeNull();
  });
});
