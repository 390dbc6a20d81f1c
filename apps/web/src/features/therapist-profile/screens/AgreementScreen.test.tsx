import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAgreement } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const agreement = (overrides: Partial<TAgreement> = {}): TAgreement => ({
  kind: 'agreement',
  version: 2,
  title: 'Соглашение психолога с платформой',
  body: '1. Психолог проводит сессии онлайн.',
  must_sign: true,
  signed: null,
  ...overrides,
});

describe('agreement screen', () => {
  it('asks to confirm reading, then signs the version on screen', async () => {
    server.use(http.get('/api/v1/therapist/agreements/agreement', () => HttpResponse.json(agreement())));
    const user = userEvent.setup();
    renderApp('/therapist/agreements/agreement', { user: makeUser('therapist') });
    expect(await screen.findByText('1. Психолог проводит сессии онлайн.')).toBeInTheDocument();
    expect(screen.getByText(/Редакция 2/)).toBeInTheDocument();

    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Подписать' }));
    expect(screen.getByText('Подтвердите, что прочитали документ')).toBeInTheDocument();
    expect(requests).toEqual([]);

    server.use(
      http.post('/api/v1/therapist/agreements/agreement/sign', () =>
        HttpResponse.json(
          agreement({ must_sign: false, signed: { version: 2, signed_at: '2026-11-26T09:30:00.000Z' } }),
        ),
      ),
    );
    await user.click(screen.getByLabelText('Я прочитал(а) документ и согласен(на) с ним'));
    await user.click(screen.getByRole('button', { name: 'Подписать' }));
    expect(await screen.findByText(/Документ подписан\. Спасибо!/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ version: 2 });
    expect(screen.queryByRole('button', { name: 'Подписать' })).not.toBeInTheDocument();
  });

  it('shows the refusal when a newer version appeared meanwhile', async () => {
    server.use(
      http.get('/api/v1/therapist/agreements/contract', () => HttpResponse.json(agreement({ kind: 'contract' }))),
      http.post('/api/v1/therapist/agreements/contract/sign', () =>
        apiError(409, 'conflict', 'Документ обновился: прочитайте новую редакцию и подпишите её'),
      ),
    );
    const user = userEvent.setup();
    renderApp('/therapist/agreements/contract', { user: makeUser('therapist') });
    await user.click(await screen.findByLabelText('Я прочитал(а) документ и согласен(на) с ним'));
    await user.click(screen.getByRole('button', { name: 'Подписать' }));
    expect(await screen.findByText('Документ обновился: прочитайте новую редакцию и подпишите её')).toBeInTheDocument();
  });

  it('says there is no such document for an unknown kind, without asking the server', async () => {
    const requests = recordRequests();
    renderApp('/therapist/agreements/nda', { user: makeUser('therapist') });
    expect(await screen.findByText('Такого документа нет.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes('/agreements/'))).toEqual([]);
  });
});
