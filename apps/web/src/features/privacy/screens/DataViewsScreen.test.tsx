import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/api-server.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const VIEWS = {
  views: [
    {
      at: '2026-11-22T11:30:00Z',
      viewer: { kind: 'therapist', name: 'Ирина Смирнова' },
      action: 'client_page',
      label: 'Открыл(а) вашу карточку клиента: анкету, сессии и записи после сессий',
    },
    {
      at: '2026-11-20T08:05:00Z',
      viewer: { kind: 'business_account', name: 'Ромашка' },
      action: 'business_report',
      label: 'Скачал(а) отчёт по сотрудникам с вашим использованием сервиса',
    },
  ],
};

describe('«Кто видел мои данные»', () => {
  it('lists who read the data, what and when, in the client’s zone', async () => {
    server.use(http.get('/api/v1/user/data_views', () => HttpResponse.json(VIEWS)));
    renderApp('/lk/privacy', { user: makeUser('client', { tz: 'Europe/Moscow' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Мои данные' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Кто видел мои данные' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Кто видел мои данные' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Психолог Ирина Смирнова');
    expect(items[0]).toHaveTextContent('22.11.2026 в 14:30');
    expect(items[0]).toHaveTextContent('Открыл(а) вашу карточку клиента');
    expect(items[1]).toHaveTextContent('Работодатель «Ромашка»');
    expect(items[1]).toHaveTextContent('Скачал(а) отчёт по сотрудникам');
    expect(screen.getByRole('link', { name: 'Мои данные' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when nobody has opened the data', async () => {
    server.use(http.get('/api/v1/user/data_views', () => HttpResponse.json({ views: [] })));
    renderApp('/lk/privacy', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { name: 'Ваши данные пока никто не открывал' })).toBeInTheDocument();
  });

  it('shows a failed load with «Повторить» that asks again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/v1/user/data_views', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { code: 'internal', message: 'Что-то пошло не так' } }, { status: 500 })
          : HttpResponse.json(VIEWS);
      }),
    );
    const user = userEvent.setup();
    renderApp('/lk/privacy', { user: makeUser('client') });
    await user.click(await screen.findByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Психолог Ирина Смирнова')).toBeInTheDocument();
  });

  it('shows the loading state first', async () => {
    server.use(http.get('/api/v1/user/data_views', () => new Promise(() => {})));
    renderApp('/lk/privacy', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { name: 'Кто видел мои данные' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Загрузка');
  });
});
