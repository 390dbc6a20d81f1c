import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.ts';
import { Table, type TTableColumn } from './Table.tsx';

type TRow = { email: string; sessions: number };
const columns: TTableColumn<TRow>[] = [
  { key: 'email', header: 'E-mail', cell: (row) => row.email, isRowHeader: true },
  { key: 'sessions', header: 'Сессии', cell: (row) => row.sessions, align: 'end' },
];

function renderTable(rows: TRow[]) {
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Table caption="Сотрудники" columns={columns} rows={rows} rowKey={(row) => row.email} />
    </I18nextProvider>,
  );
}

describe('Table', () => {
  it('renders headers and rows', () => {
    renderTable([{ email: 'a@example.com', sessions: 3 }]);
    const table = screen.getByRole('table', { name: 'Сотрудники' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['E-mail', 'Сессии']);
    expect(within(table).getByRole('rowheader', { name: 'a@example.com' })).toBeInTheDocument();
  });

  it('shows the empty state', () => {
    renderTable([]);
    expect(screen.getByText('Нет данных')).toBeInTheDocument();
  });
});
