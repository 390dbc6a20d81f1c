import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../../lib/navigation.ts';
import { recordRequests, server } from '../../testing/api-server.ts';
import { makeUser } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render.tsx';

vi.mock('../../lib/navigation.ts', () => ({ navigateTo: vi.fn() }));

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

beforeEach(() => {
  vi.mocked(navigateTo).mockReset();
  server.use(
    http.post('/api/v1/auth/sign_up', () => HttpResponse.json({ user: makeUser('client'), csrf_token: 'new' })),
  );
});

async function signUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('E-mail'), 'new@example.com');
  await user.type(screen.getByLabelText('Имя'), 'Мария');
  await user.type(screen.getByLabelText('Пароль'), 'long-enough-password');
  await user.click(screen.getByRole('checkbox', { name: /Я даю согласие/ }));
  await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
  await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/lk'));
}

const signUpBody = (requests: ReturnType<typeof recordRequests>) =>
  requests.find((request) => request.url === '/api/v1/auth/sign_up')?.body;

describe("sign-up preselects currency and time zone from the visitor's geo information (spec §7)", () => {
  it('from the geo answer: euros and Berlin time for a visitor in Germany', async () => {
    server.use(
      http.get('/api/v1/visitor/geo', () =>
        HttpResponse.json({ country: 'DE', time_zone: 'Europe/Berlin', currency: 'eur' }),
      ),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-up');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Евро (€)' })).toBeChecked());
    await signUp(user);
    expect(signUpBody(requests)).toMatchObject({ currency: 'eur', tz: 'Europe/Berlin' });
  });

  it("without an answer yet the browser decides, and the form never waits: the browser's zone, roubles for en-US", async () => {
    server.use(
      http.get('/api/v1/visitor/geo', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-up');
    expect(await screen.findByRole('radio', { name: 'Рубли (₽)' })).toBeChecked();
    await signUp(user);
    expect(signUpBody(requests)).toMatchObject({ currency: 'rub', tz: browserZone });
  });

  it("when the service is down (nulls) the browser's language decides: euros for de-AT", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    server.use(
      http.get('/api/v1/visitor/geo', () => HttpResponse.json({ country: null, time_zone: null, currency: null })),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-up');
    expect(await screen.findByRole('radio', { name: 'Евро (€)' })).toBeChecked();
    await signUp(user);
    expect(signUpBody(requests)).toMatchObject({ currency: 'eur', tz: browserZone });
    vi.restoreAllMocks();
  });

  it("a late geo answer does not undo the visitor's own choice", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('/api/v1/visitor/geo', async () => {
        await answered;
        return HttpResponse.json({ country: 'RU', time_zone: 'Asia/Novosibirsk', currency: 'rub' });
      }),
    );
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fi']);
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/auth/sign-up');
    await user.click(await screen.findByRole('radio', { name: 'Рубли (₽)' }));
    await user.click(screen.getByRole('radio', { name: 'Евро (€)' }));
    answer();
    await waitFor(() => expect(requests.some((request) => request.url === '/api/v1/visitor/geo')).toBe(true));
    await signUp(user);
    expect(signUpBody(requests)).toMatchObject({ currency: 'eur' });
    vi.restoreAllMocks();
  });
});
