import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDataExport } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, server } from '../../../testing/api-server.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const BASE: TDataExport = {
  id: 'exp-1',
  status: 'queued',
  progress: 0,
  created_at: '2026-11-22T11:00:00Z',
  ready_at: null,
  expires_at: null,
  size_bytes: null,
  download_url: null,
};
const READY: TDataExport = {
  ...BASE,
  status: 'ready',
  progress: 100,
  ready_at: '2026-11-22T11:01:00Z',
  expires_at: '2026-11-29T11:01:00Z',
  size_bytes: 12_800,
  download_url: '/api/v1/user/data_exports/exp-1/file',
};

const card = async () => within(await screen.findByRole('region', { name: 'Скачать мои данные' }));

describe('«Скачать мои данные»', () => {
  it('asks for an archive, shows it being built, then the download link and until when it works', async () => {
    let answers: TDataExport[] = [];
    let asked = 0;
    server.use(
      http.get('/api/v1/user/data_exports', () => HttpResponse.json({ exports: answers })),
      http.post('/api/v1/user/data_exports', () => {
        asked += 1;
        answers = [{ ...BASE, status: 'building', progress: 40 }];
        return HttpResponse.json(answers[0]);
      }),
    );
    const user = userEvent.setup();
    renderApp('/lk/privacy', { user: makeUser('client', { tz: 'Europe/Moscow' }) });
    const c = await card();
    expect(await c.findByText(/Вы ещё не запрашивали архив/)).toBeInTheDocument();
    expect(c.getByText(/Рабочие записи психолога в архив не входят/)).toBeInTheDocument();

    await user.click(c.getByRole('button', { name: 'Собрать архив' }));
    expect(asked).toBe(1);
    const progress = await c.findByRole('progressbar', { name: 'Собираем архив' });
    expect(progress).toHaveAttribute('value', '40');
    expect(c.getByText(/мы пришлём письмо, когда архив будет готов/)).toBeInTheDocument();

    // The card polls while the archive is being built.
    answers = [READY];
    const link = await c.findByRole('link', { name: 'Скачать архив (ZIP, 13 КБ)' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/api/v1/user/data_exports/exp-1/file');
    expect(c.getByText('Архив готов (22.11.2026 в 14:01)')).toBeInTheDocument();
    expect(c.getByText(/Скачать можно до 29\.11\.2026 в 14:01 и только в вашем аккаунте/)).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Собрать заново' })).toBeInTheDocument();
  });

  it('says when the last archive expired and offers a new one, without a link', async () => {
    server.use(
      http.get('/api/v1/user/data_exports', () =>
        HttpResponse.json({ exports: [{ ...READY, status: 'expired', download_url: null }] }),
      ),
    );
    renderApp('/lk/privacy', { user: makeUser('client', { tz: 'Europe/Moscow' }) });
    const c = await card();
    expect(await c.findByText(/Срок хранения прошлого архива истёк 29\.11\.2026 в 14:01/)).toBeInTheDocument();
    expect(c.queryByRole('link', { name: /Скачать архив/ })).not.toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Собрать архив' })).toBeInTheDocument();
  });

  it('shows a failed build, and the server’s refusal of a request in Russian', async () => {
    server.use(
      http.get('/api/v1/user/data_exports', () => HttpResponse.json({ exports: [{ ...BASE, status: 'failed' }] })),
      http.post('/api/v1/user/data_exports', () => apiError(409, 'conflict', 'Архив уже собирается')),
    );
    const user = userEvent.setup();
    renderApp('/lk/privacy', { user: makeUser('client') });
    const c = await card();
    expect(await c.findByText('Не удалось собрать архив. Попробуйте ещё раз.')).toBeInTheDocument();
    await user.click(c.getByRole('button', { name: 'Собрать заново' }));
    expect(await c.findByText('Архив уже собирается')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    server.use(http.get('/api/v1/user/data_exports', () => HttpResponse.json({ exports: [READY] })));
    renderApp('/lk/privacy', { user: makeUser('client', { tz: 'Europe/Moscow' }), language: 'en' });
    const c = within(await screen.findByRole('region', { name: 'Download my data' }));
    expect(await c.findByRole('link', { name: 'Download the archive (ZIP, 13 KB)' })).toBeInTheDocument();
    expect(
      c.getByText(/You can download it until 29\.11\.2026 at 14:01, and only in your own account/),
    ).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Build again' })).toBeInTheDocument();
  });

  it('shows the loading state, then a failed load with «Повторить» that asks again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/v1/user/data_exports', async () => {
        calls += 1;
        if (calls === 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return apiError(500, 'internal', 'Что-то пошло не так');
        }
        return HttpResponse.json({ exports: [] });
      }),
    );
    const user = userEvent.setup();
    renderApp('/lk/privacy', { user: makeUser('client') });
    const c = await card();
    expect(c.getByRole('status')).toHaveTextContent('Загрузка');
    await user.click(await c.findByRole('button', { name: 'Повторить' }));
    expect(await c.findByRole('button', { name: 'Собрать архив' })).toBeInTheDocument();
  });
});
