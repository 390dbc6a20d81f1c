import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render.tsx';

describe('public pages', () => {
  it('shows the landing page with the ways in', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/auth/sign-in');
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/auth/sign-up');
    expect(screen.getByRole('link', { name: 'Вход для психологов' })).toHaveAttribute(
      'href',
      '/therapist/auth/sign-in',
    );
    expect(screen.getAllByRole('link', { name: 'Вход для бизнес-аккаунтов' })[0]).toHaveAttribute(
      'href',
      '/business/auth/sign-in',
    );
  });

  it('shows a Russian 404 for unknown addresses', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  });
});

describe('redirects', () => {
  it.each([
    ['client', '/lk'],
    ['therapist', '/therapist'],
    ['business_account', '/business/employees'],
  ] as const)('sends a signed-in %s from / to %s', async (role, home) => {
    const { router } = renderApp('/', { user: makeUser(role) });
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it.each([
    ['/lk/passes', '/auth/sign-in'],
    ['/therapist/stats', '/therapist/auth/sign-in'],
    ['/business/employees', '/business/auth/sign-in'],
  ])('sends a visitor from %s to %s', async (path, signIn) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(signIn));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(path)}`);
  });

  it('sends a user of another role to their own home', async () => {
    const { router } = renderApp('/therapist', { user: makeUser('client') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/lk'));
  });

  it('sends a signed-in user away from sign-in pages', async () => {
    const { router } = renderApp('/auth/sign-in', { user: makeUser('business_account') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/business/employees'));
  });

  it('opens /business as the employees page', async () => {
    const { router } = renderApp('/business', { user: makeUser('business_account') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/business/employees'));
  });
});

describe('language', () => {
  it('switches the interface to English and back from the footer', async () => {
    const user = userEvent.setup();
    renderApp('/auth/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Switch the interface to English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('lang')).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Переключить интерфейс на русский' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Вход' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru');
  });
});
