import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRole } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../../lib/navigation.ts';
import { apiError, recordRequests, server } from '../../testing/api-server.ts';
import {
  makeAppGlobal,
  makeBusinessAccount,
  makeLkData,
  makeLkWidgets,
  makeTherapist,
  makeUser,
  makeUserMe,
} from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render.tsx';

vi.mock('../../lib/navigation.ts', () => ({ navigateTo: vi.fn() }));
const navigate = vi.mocked(navigateTo);

const API = [
  http.get('/api/v1/user/me', () => HttpResponse.json(makeUserMe())),
  http.get('/api/v1/user/lk_data', () => HttpResponse.json(makeLkData())),
  http.get('/api/v1/user/lk_widgets', () => HttpResponse.json(makeLkWidgets())),
  http.get('/api/v1/therapist/current', () => HttpResponse.json(makeTherapist())),
  http.get('/api/v1/business_accounts/current_business_account', () => HttpResponse.json(makeBusinessAccount())),
  http.post('/user/auth/logout', () => HttpResponse.json({ redirect_to: '/' })),
  http.post('/therapist/auth/logout', () => HttpResponse.json({ redirect_to: '/' })),
  http.post('/business/auth/logout', () => HttpResponse.json({ redirect_to: '/' })),
];

beforeEach(() => {
  navigate.mockReset();
  window.App = makeAppGlobal({ csrf_token: 'csrf-123' });
});

function navLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Основная навигация' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('role layouts', () => {
  it.each([
    [
      'client',
      '/lk',
      [
        'Личный кабинет',
        'Психологи',
        'Сессии',
        'Абонементы',
        'Способы оплаты',
        'Анкета',
        'Промокод',
        'Мои данные',
        'Настройки',
      ],
      'Мария Иванова',
    ],
    [
      'therapist',
      '/therapist',
      ['Главная', 'Клиенты', 'Расписание', 'Статистика', 'Анкета', 'Образование', 'Настройки'],
      'Анна Петрова',
    ],
    ['business_account', '/business/employees', ['Сотрудники', 'Статистика', 'Настройки'], 'Олег Смирнов'],
  ] as const)('%s: navigation, name and «Выйти»', async (role, path, labels, name) => {
    server.use(...API);
    renderApp(path, { user: makeUser(role) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(navLabels()).toEqual(labels);
    expect(screen.getByText(name)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: labels[0] })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles the mobile menu with «Меню»; Escape closes it and focus returns to the button', async () => {
    server.use(...API);
    const user = userEvent.setup();
    renderApp('/lk', { user: makeUser('client') });
    const menu = await screen.findByRole('button', { name: 'Меню' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const nav = screen.getByRole('navigation', { name: 'Основная навигация' });
    expect(menu).toHaveAttribute('aria-controls', nav.id);

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });
});

describe('sign-out', () => {
  const cases: Array<[TRole, string, string]> = [
    ['client', '/lk', '/user/auth/logout'],
    ['therapist', '/therapist', '/therapist/auth/logout'],
    ['business_account', '/business/employees', '/business/auth/logout'],
  ];

  it.each(cases)('%s: POSTs %s %s and loads /', async (role, path, logout) => {
    server.use(...API);
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp(path, { user: makeUser(role) });

    await user.click(await screen.findByRole('button', { name: 'Выйти' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    const request = requests.find((candidate) => candidate.url === logout);
    expect(request?.method).toBe('POST');
    if (role === 'business_account') {
      expect(request?.body).toEqual({ authenticity_token: 'csrf-123' });
    } else {
      expect(request?.headers['x-csrf-token']).toBe('csrf-123');
    }
  });

  it('shows an error when sign-out fails', async () => {
    server.use(
      http.post('/therapist/auth/logout', () => apiError(403, 'csrf_invalid', 'Страница устарела, обновите её')),
      ...API,
    );
    const user = userEvent.setup();
    renderApp('/therapist', { user: makeUser('therapist') });
    await user.click(await screen.findByRole('button', { name: 'Выйти' }));
    expect(await screen.findByText(/Страница устарела, обновите её/)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('language switch', () => {
  it('switches to English: saves the choice for a signed-in client and asks the server again in English', async () => {
    server.use(
      http.get('/api/v1/user/lk_widgets', ({ request }) =>
        HttpResponse.json(
          request.headers.get('accept-language') === 'en'
            ? { widgets: [{ kind: 'pass', title: 'Your pass', text: '2 sessions left.', action: null }] }
            : makeLkWidgets(),
        ),
      ),
      http.put('/api/v1/user/language', async ({ request }) => HttpResponse.json(await request.json())),
      ...API,
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { name: 'Абонемент' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch the interface to English' }));
    expect(await screen.findByRole('heading', { name: 'Your pass' })).toBeInTheDocument();
    const saved = requests.find((request) => request.url === '/api/v1/user/language');
    expect(saved?.method).toBe('PUT');
    expect(saved?.body).toEqual({ language: 'en' });
    expect(saved?.headers['x-csrf-token']).toBe('csrf-123');
    // Back to Russian for the tests after this one.
    await user.click(screen.getByRole('button', { name: 'Переключить интерфейс на русский' }));
    expect(await screen.findByRole('heading', { name: 'Абонемент' })).toBeInTheDocument();
  });
});
