import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { makeUser, makeUserMe } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

describe('client dashboard', () => {
  it('greets the client and shows the completed sessions with the right plural', async () => {
    mockFetch({ 'GET /api/v1/user/me': { body: makeUserMe({ completed_sessions_count: 3 }) } });
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByText('Проведено 3 сессии')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Здравствуйте, Мария!' })).toBeInTheDocument();
  });

  it.each([
    [1, 'Проведена 1 сессия'],
    [5, 'Проведено 5 сессий'],
    [21, 'Проведена 21 сессия'],
  ])('%i → %s', async (count, text) => {
    mockFetch({ 'GET /api/v1/user/me': { body: makeUserMe({ completed_sessions_count: count }) } });
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows the server error when the data does not load', async () => {
    mockFetch({
      'GET /api/v1/user/me': { status: 403, body: { error: { code: 'forbidden', message: 'Доступ запрещён' } } },
    });
    renderApp('/lk', { user: makeUser('client') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Доступ запрещён');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
