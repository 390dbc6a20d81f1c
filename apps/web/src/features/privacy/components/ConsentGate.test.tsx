import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TConsent } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

beforeEach(() => {
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
});

const HEALTH: TConsent = {
  kind: 'health_data',
  title: 'Обработка персональных данных и данных о здоровье',
  text: 'Я соглашаюсь на обработку…',
  version: '2026-12-01',
  required: true,
  accepted: { version: '2026-11-01', at: '2026-11-02T10:00:00Z' },
  needs_acceptance: true,
  withdrawal: null,
};
const EMPLOYER: TConsent = {
  kind: 'employer_usage',
  title: 'Работодатель видит, сколько я пользуюсь сервисом',
  text: 'Если я пришёл(а) по приглашению работодателя…',
  version: '2026-11-01',
  required: false,
  accepted: { version: '2026-11-01', at: '2026-11-02T10:00:00Z' },
  needs_acceptance: false,
  withdrawal: 'Работодатель перестанет видеть число ваших сессий и расходы.',
};

describe('consent gate', () => {
  it('asks for a new version before anything else, and opens the area once accepted', async () => {
    let consents = [HEALTH];
    server.use(
      http.get('/api/v1/user/consents', () => HttpResponse.json({ consents })),
      http.post('/api/v1/user/consents', () => {
        consents = [
          { ...HEALTH, accepted: { version: HEALTH.version, at: '2026-12-02T10:00:00Z' }, needs_acceptance: false },
        ];
        return HttpResponse.json({ consents });
      }),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/payment', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Подтвердите согласие' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByText('Версия от 2026-12-01')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Принять и продолжить' });
    expect(submit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Обработка персональных данных/ }));
    await user.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Способы оплаты' })).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      accept: [{ kind: 'health_data', version: '2026-12-01' }],
    });
  });

  it('shows the gate when the server refuses a page with consent_pending (a text changed while it was open)', async () => {
    let consents: TConsent[] = [];
    server.use(
      http.get('/api/v1/user/consents', () => HttpResponse.json({ consents })),
      http.get('/api/v1/user/card', () => {
        // The server learned of the new version first: the gate's list now asks for it.
        consents = [HEALTH];
        return apiError(403, 'consent_pending', 'Условия обновились');
      }),
    );
    renderApp('/lk/payment', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Подтвердите согласие' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Обработка персональных данных/ })).toBeInTheDocument();
  });

  it('shows the consents on «Мои данные» and withdraws an optional one after saying what follows', async () => {
    let consents = [
      { ...HEALTH, accepted: { version: HEALTH.version, at: HEALTH.accepted?.at ?? '' }, needs_acceptance: false },
      EMPLOYER,
    ];
    server.use(
      http.get('/api/v1/user/consents', () => HttpResponse.json({ consents })),
      http.get('/api/v1/user/data_views', () => HttpResponse.json({ views: [] })),
      http.delete('/api/v1/user/consents/employer_usage', () => {
        consents = [consents[0] as TConsent, { ...EMPLOYER, accepted: null }];
        return HttpResponse.json({ consents });
      }),
    );
    const user = userEvent.setup();
    renderApp('/lk/privacy', { user: makeUser('client', { tz: 'Europe/Moscow' }) });
    const list = await screen.findByRole('list', { name: 'Согласия' });
    const [health, employer] = within(list).getAllByRole('listitem');
    expect(health).toHaveTextContent('Принято: версия от 2026-12-01, 02.11.2026 в 13:00 · нужно для работы сервиса');
    expect(within(health as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(employer as HTMLElement).getByRole('button', { name: 'Отозвать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отозвать согласие?' });
    expect(dialog).toHaveTextContent('Работодатель перестанет видеть число ваших сессий и расходы.');
    await user.click(within(dialog).getByRole('button', { name: 'Отозвать' }));
    expect(await within(list).findByText('Не дано')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Дать согласие' })).toBeInTheDocument();
  });
});
