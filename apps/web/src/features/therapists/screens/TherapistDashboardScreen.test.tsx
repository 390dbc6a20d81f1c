import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../testing/api-server.ts';
import { makeTherapist, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

describe('therapist dashboard', () => {
  it('shows the therapist, notices, curator, profile completeness and practice', async () => {
    server.use(http.get('/api/v1/therapist/current', () => HttpResponse.json(makeTherapist())));
    renderApp('/therapist', { user: makeUser('therapist') });

    expect(await screen.findByText('Нужно подписать соглашение')).toBeInTheDocument();
    expect(screen.getByText('therapist@example.com')).toBeInTheDocument();
    expect(screen.getByText('Нужно подписать договор о бесплатных сессиях')).toBeInTheDocument();

    expect(screen.getByText('Елена Соколова')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Связаться с куратором' })).toHaveAttribute('href', 'https://t.me/curator');

    const aboutClients = screen.getByRole('progressbar', { name: 'О клиентах' });
    expect(aboutClients).toHaveAttribute('value', '60');
    expect(screen.getByRole('progressbar', { name: 'Личная информация' })).toHaveAttribute('value', '100');
    expect(screen.getByText('Анкета заполнена на 86 %')).toBeInTheDocument();

    const practice = screen.getByRole('region', { name: 'Практика' });
    expect(within(practice).getByText('Индивидуальная терапия')).toBeInTheDocument();
    expect(within(practice).getByText('Парная терапия')).toBeInTheDocument();
    expect(within(practice).getByText(/Опыт: \d+ (год|года|лет)/)).toBeInTheDocument();
  });

  it('has no notices or curator link when there is nothing to show', async () => {
    server.use(
      http.get('/api/v1/therapist/current', () =>
        HttpResponse.json(
          makeTherapist({
            must_sign_agreement: false,
            must_sign_contract: false,
            curator_name: null,
            curator_link: null,
            curator_id: null,
            single: true,
            couple: false,
            practice_start: null,
          }),
        ),
      ),
    );
    renderApp('/therapist', { user: makeUser('therapist') });
    expect(await screen.findByText('Куратор пока не назначен.')).toBeInTheDocument();
    expect(screen.queryByText('Нужно подписать соглашение')).not.toBeInTheDocument();
    expect(screen.queryByText('Парная терапия')).not.toBeInTheDocument();
    expect(screen.getByText('Начало практики не указано')).toBeInTheDocument();
  });

  it('lists the week’s sessions with «Начать сессию» open only in the room’s window, leading to the call', async () => {
    const now = Date.now();
    const iso = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const session = (id: string, name: string, startIn: number) => ({
      slot_hashid: id,
      starts_at: { at: iso(startIn), date: iso(startIn).slice(0, 10), time: '10:00', weekday: 0, label: 'x' },
      ends_at: iso(startIn + 50),
      duration_min: 50,
      therapy_type: 'single',
      status: 'booked',
      outcome: null,
      correctable_until: null,
      post_session_form: null,
      client: { hashid: `u-${id}`, name, partner_name: null },
      opens_at: iso(startIn - 10),
      closes_at: iso(startIn + 60),
    });
    server.use(
      http.get('/api/v1/therapist/current', () => HttpResponse.json(makeTherapist())),
      http.get('/api/v1/therapist/sessions/upcoming', () =>
        HttpResponse.json({
          tz: 'UTC',
          sessions: [session('a', 'Анна Смирнова', 5), session('b', 'Борис Петров', 600)],
        }),
      ),
    );
    renderApp('/therapist', { user: makeUser('therapist') });
    const week = await screen.findByRole('region', { name: 'Ближайшие сессии' });
    expect(await within(week).findByRole('link', { name: 'Анна Смирнова' })).toHaveAttribute(
      'href',
      '/therapist/clients/u-a',
    );
    expect(within(week).getByRole('link', { name: 'Начать сессию' })).toHaveAttribute(
      'href',
      '/therapist/clients/u-a/call',
    );
    expect(within(week).getByRole('button', { name: 'Начать сессию' })).toBeDisabled();
    expect(within(week).getByText(/^Откроется в \d\d:\d\d$/)).toBeInTheDocument();
  });

  it('shows the genom alert with what to fill, and hides it when dismissed', async () => {
    server.use(
      http.get('/api/v1/therapist/current', () => HttpResponse.json(makeTherapist({ must_sign_agreement: false }))),
      http.get('/api/v1/therapist/settings/genom_alert', () => HttpResponse.json({ success: true })),
      http.delete('/api/v1/therapist/settings/genom_alert', () => HttpResponse.json({ success: false })),
    );
    const user = userEvent.setup();
    renderApp('/therapist', { user: makeUser('therapist') });
    expect(await screen.findByText(/Дозаполните: О клиентах — заполнено 3 из 5\./)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Заполнить анкету' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Прочитать и подписать' })).toHaveAttribute(
      'href',
      '/therapist/agreements/contract',
    );
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Скрыть' }));
    await waitFor(() => expect(screen.queryByText(/Дозаполните/)).not.toBeInTheDocument());
    expect(requests.map((r) => `${r.method} ${r.url}`)).toContain('DELETE /api/v1/therapist/settings/genom_alert');
  });

  it('has no genom alert when the genom is complete, whatever the flag', async () => {
    server.use(
      http.get('/api/v1/therapist/current', () =>
        HttpResponse.json(makeTherapist({ genom_filled: { about_clients: [5, 5], private_info: [9, 9] } })),
      ),
      http.get('/api/v1/therapist/settings/genom_alert', () => HttpResponse.json({ success: true })),
    );
    renderApp('/therapist', { user: makeUser('therapist') });
    expect(await screen.findByText('Анкета заполнена на 100 %')).toBeInTheDocument();
    expect(screen.queryByText(/Дозаполните/)).not.toBeInTheDocument();
  });
});
