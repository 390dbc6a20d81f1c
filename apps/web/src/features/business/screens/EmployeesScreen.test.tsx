import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/api-server.ts';
import { makeBusinessAccount, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const api = [
  http.get('/api/v1/business_accounts/current_business_account', () => HttpResponse.json(makeBusinessAccount())),
];

describe('business employees page', () => {
  it('offers the businesses and their years, first business and first year by default', async () => {
    server.use(...api);
    renderApp('/business/employees', { user: makeUser('business_account') });

    const business = await screen.findByRole('combobox', { name: 'Компания' });
    expect(business).toHaveValue('b-1');
    const year = screen.getByRole('combobox', { name: 'Год' });
    expect(year).toHaveValue('2026');
    expect(screen.getByRole('option', { name: '2025 год' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Раздел в разработке' })).toBeInTheDocument();
  });

  it("starts from the stored 'chosenBusiness' and stores a new choice", async () => {
    window.localStorage.setItem('chosenBusiness', 'b-2');
    server.use(...api);
    const user = userEvent.setup();
    const { router } = renderApp('/business/employees', { user: makeUser('business_account') });

    const business = await screen.findByRole('combobox', { name: 'Компания' });
    expect(business).toHaveValue('b-2');
    expect(screen.getByRole('combobox', { name: 'Год' })).toHaveValue('2025');

    await user.selectOptions(business, 'b-1');
    expect(window.localStorage.getItem('chosenBusiness')).toBe('b-1');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Год' })).toHaveValue('2026'));
    expect(router.state.location.search).toBe('?business=b-1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Год' }), '2025');
    expect(router.state.location.search).toBe('?business=b-1&year=2025');
  });

  it('prefers the id given in the address', async () => {
    window.localStorage.setItem('chosenBusiness', 'b-1');
    server.use(...api);
    renderApp('/business/stats?business=b-2&year=2024', { user: makeUser('business_account') });
    expect(await screen.findByRole('combobox', { name: 'Компания' })).toHaveValue('b-2');
    expect(screen.getByRole('combobox', { name: 'Год' })).toHaveValue('2024');
  });

  it('says so when no company is linked', async () => {
    server.use(
      http.get('/api/v1/business_accounts/current_business_account', () =>
        HttpResponse.json(makeBusinessAccount({ businesses: [] })),
      ),
    );
    renderApp('/business/employees', { user: makeUser('business_account') });
    expect(await screen.findByText('К бизнес-аккаунту пока не подключена ни одна компания.')).toBeInTheDocument();
  });
});
