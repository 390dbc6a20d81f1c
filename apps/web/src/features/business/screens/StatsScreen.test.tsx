import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/api-server.ts';
import { makeBusinessAccount, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';
import { makeBusinessStats } from './business-fixtures.ts';

const api = [
  http.get('/api/v1/business_accounts/current_business_account', () => HttpResponse.json(makeBusinessAccount())),
  http.get('/api/v1/business_accounts/businesses/:id/statistics', () => HttpResponse.json(makeBusinessStats())),
];

describe('business statistics page', () => {
  it('shows the table by month with «менее 5», the current month and the last update', {
    timeout: 15_000,
  }, async () => {
    server.use(...api);
    renderApp('/business/stats', { user: makeUser('business_account') });
    const table = await screen.findByRole('table', { name: 'Использование по месяцам, 2026 год' }, { timeout: 10_000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(4, 6)).toEqual(['Январь', 'Февраль']);
    expect(headers[6]).toContain('Март');
    expect(headers[6]).toContain('текущий период');
    expect(within(table).getAllByRole('button', { name: 'менее 5' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Данные обновлены 10.03.2026 в 12:30')).toBeInTheDocument();
    expect(
      await screen.findByText(/Месяцы, где данных меньше чем по 5 сотрудникам/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('switches to quarters and keeps the view in the address', async () => {
    server.use(...api);
    const user = userEvent.setup();
    const { router } = renderApp('/business/stats', { user: makeUser('business_account') });
    await user.click(await screen.findByRole('button', { name: 'По кварталам' }));
    const table = await screen.findByRole('table', { name: 'Использование по кварталам, 2026 год' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(4),
    ).toEqual(['I квартал (текущий период)', 'II квартал', 'III квартал', 'IV квартал']);
    expect(router.state.location.search).toBe('?view=quarters');
  });

  it('says when a year has no data', async () => {
    server.use(
      http.get('/api/v1/business_accounts/businesses/:id/statistics', () =>
        HttpResponse.json(makeBusinessStats({ empty_data: true })),
      ),
      ...api,
    );
    renderApp('/business/stats', { user: makeUser('business_account') });
    expect(await screen.findByText('За этот год данных пока нет.')).toBeInTheDocument();
  });

  it('offers a retry when the statistics fail', async () => {
    server.use(
      http.get('/api/v1/business_accounts/businesses/:id/statistics', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Что-то пошло не так' } }, { status: 500 }),
      ),
      ...api,
    );
    renderApp('/business/stats', { user: makeUser('business_account') });
    expect(await screen.findByRole('button', { name: /Повторить|Попробовать/ })).toBeInTheDocument();
  });
});
