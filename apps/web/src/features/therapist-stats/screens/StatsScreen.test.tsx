import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMetricMonth, TTherapistMetricsResponse } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, server } from '../../../testing/api-server.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const month = (key: string, o: Partial<TMetricMonth> = {}): TMetricMonth => ({
  month: key,
  sessions_single: 0,
  sessions_couple: 0,
  clients: 0,
  avg_sessions_per_user: null,
  avg_sessions_per_user_couple: null,
  avg_sessions_per_user_single: null,
  s7s1ratio: null,
  ...o,
});

const months = Array.from({ length: 12 }, (_, i) => month(`2026-${String(i + 1).padStart(2, '0')}`));

const metrics: TTherapistMetricsResponse = {
  avg_sessions_per_user: 6.25,
  avg_sessions_per_user_couple: 4,
  avg_sessions_per_user_single: 7.5,
  s7s1ratio: 0.4,
  sessions_done: 250,
  clients: 40,
  monthly: months.map((m, i) => ({ ...m, sessions_single: 10 + i, sessions_couple: 3, s7s1ratio: 0.3 })),
};

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the statistics page', () => {
  it('shows the four figures with their explanations and the two charts', async () => {
    server.use(http.get('/api/v1/therapist/metrics', () => HttpResponse.json(metrics)));
    renderApp('/therapist/stats', { user: makeUser('therapist') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Статистика' })).toBeInTheDocument();
    const figure = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).parentElement;
    expect(plain((await figure('Сессий на клиента'))?.textContent ?? null)).toContain('6,3');
    expect((await figure('Индивидуальных сессий на клиента'))?.textContent).toContain('7,5');
    expect((await figure('Парных сессий на клиента'))?.textContent).toContain('4');
    expect(plain((await figure('Дошли до 7-й сессии'))?.textContent ?? null)).toContain('40 %');
    expect(
      screen.getByText('Доля клиентов, дошедших до седьмой сессии, среди всех, у кого была первая.'),
    ).toBeInTheDocument();
    expect(plain(screen.getByText(/Всего завершённых сессий/).textContent)).toBe(
      'Всего завершённых сессий: 250, клиентов: 40.',
    );
    expect(await screen.findByRole('img', { name: /завершённые индивидуальные и парные сессии/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /доля клиентов, дошедших до 7-й сессии/ })).toBeInTheDocument();
  });

  it('tells a new therapist that statistics come after the first completed session', async () => {
    server.use(
      http.get('/api/v1/therapist/metrics', () =>
        HttpResponse.json({
          ...metrics,
          avg_sessions_per_user: null,
          avg_sessions_per_user_couple: null,
          avg_sessions_per_user_single: null,
          s7s1ratio: null,
          sessions_done: 0,
          clients: 0,
          monthly: months,
        }),
      ),
    );
    renderApp('/therapist/stats', { user: makeUser('therapist') });
    expect(await screen.findByRole('heading', { name: 'Статистики пока нет' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a failed load with «Повторить», which asks again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/v1/therapist/metrics', () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'internal', 'Что-то пошло не так') : HttpResponse.json(metrics);
      }),
    );
    renderApp('/therapist/stats', { user: makeUser('therapist') });
    expect(await screen.findByText('Что-то пошло не так')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Сессий на клиента', { selector: 'dt' })).toBeInTheDocument();
  });
});
