import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../testing/api-server.ts';
import { makeBusinessAccount, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';
import { makeEmployeeStats } from './business-fixtures.ts';

const account = http.get('/api/v1/business_accounts/current_business_account', () =>
  HttpResponse.json(makeBusinessAccount()),
);
/** Employees answer: no rows when the search is «nobody», or for b-2 (an empty staff). */
const employees = http.get('/api/v1/business_accounts/businesses/:id/employees', ({ request, params }) => {
  const search = new URL(request.url).searchParams.get('email_cont');
  if (search === 'nobody' || params.id === 'b-2')
    return HttpResponse.json(
      makeEmployeeStats({ rows: [], meta: { total_pages: 1, total_count: 0, current_page: 1 } }),
    );
  return HttpResponse.json(makeEmployeeStats());
});
const api = [account, employees];

describe('business employees page', () => {
  it('offers the businesses and their years, first business and first year by default, and shows the table', async () => {
    server.use(...api);
    renderApp('/business/employees', { user: makeUser('business_account') });

    const business = await screen.findByRole('combobox', { name: 'Компания' });
    expect(business).toHaveValue('b-1');
    expect(screen.getByRole('combobox', { name: 'Год' })).toHaveValue('2026');
    expect(screen.getByRole('option', { name: '2025 год' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /anna@example.com/ })).toBeInTheDocument();
    expect(screen.getByText('Данные обновлены 10.03.2026 в 12:30')).toBeInTheDocument();
    expect(screen.getByText('Страница 1 из 3 · всего 40')).toBeInTheDocument();
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

  it('prefers the id given in the address and keeps the choice when moving to the statistics', async () => {
    window.localStorage.setItem('chosenBusiness', 'b-1');
    server.use(...api);
    renderApp('/business/employees?business=b-2&year=2024', { user: makeUser('business_account') });
    expect(await screen.findByRole('combobox', { name: 'Компания' })).toHaveValue('b-2');
    expect(screen.getByRole('combobox', { name: 'Год' })).toHaveValue('2024');
    const nav = screen.getByRole('navigation', { name: /навигац/i });
    expect(within(nav).getByRole('link', { name: 'Статистика' })).toHaveAttribute(
      'href',
      '/business/stats?business=b-2&year=2024',
    );
  });

  it('says the table is empty without a search, and that nobody was found with one', async () => {
    server.use(...api);
    renderApp('/business/employees?business=b-2', { user: makeUser('business_account') });
    expect(
      await screen.findByText('В списке пока нет сотрудников. Добавьте их по e-mail или файлом.'),
    ).toBeInTheDocument();

    server.use(...api);
    renderApp('/business/employees?business=b-1&q=nobody', { user: makeUser('business_account') });
    expect(await screen.findByText('По запросу «nobody» сотрудников не найдено')).toBeInTheDocument();
  });

  it('shows the black-list tooltip on a blocked employee and sorts by a column', async () => {
    server.use(...api);
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/business/employees', { user: makeUser('business_account') });
    const blocked = await screen.findByRole('button', { name: 'boris@example.com' });
    fireEvent.mouseEnter(blocked);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Сотруднику запрещено использовать любой промокод');

    await user.click(screen.getByRole('button', { name: /^E-mail/ }));
    await waitFor(() =>
      expect(requests.map((r) => r.url)).toContainEqual(
        expect.stringContaining('sort_field=users_email&sort_direction=asc'),
      ),
    );
  });

  it('blocks an employee from promo codes through the black-list modal', async () => {
    const requests = recordRequests();
    server.use(
      ...api,
      http.post('/api/v1/business_accounts/businesses/:id/users_blacklists', () =>
        HttpResponse.json({ employee_id: 'e-1', promocodes_blocked: true }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/business/employees', { user: makeUser('business_account') });
    const row = (await screen.findByRole('rowheader', { name: /anna@example.com/ })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Запретить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Запретить промокоды' });
    await user.click(within(dialog).getByRole('button', { name: 'Запретить' }));
    await waitFor(() =>
      expect(requests.find((r) => r.url.endsWith('/users_blacklists'))?.body).toEqual({
        employee_id: 'e-1',
        blocked: true,
      }),
    );
  });
});
