import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TGenom, TGenomResponse } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeTherapist, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const emptyGenom = (): TGenom => ({
  professions: [],
  religion_groups: [],
  special_groups: [],
  age_groups: [],
  cultural_groups: [],
  address: null,
  offline_consultation: null,
  family_status: null,
  other_professions: null,
  working_methods: [],
  communication_format: [],
  audio_consultation: null,
  medical_education: null,
  nutritional_expertise: null,
  desc: null,
  language_ids: ['ru'],
  topics: [],
  couple_topics: [],
  dob: null,
});

const answer = (genom: TGenom, filled: TGenomResponse['genom_filled']): TGenomResponse => ({
  genom,
  genom_filled: filled,
});

function serve(response: TGenomResponse) {
  server.use(
    http.get('/api/v1/therapist/settings/genom', () => HttpResponse.json(response)),
    http.get('/api/v1/therapist/current', () => HttpResponse.json(makeTherapist())),
  );
}

// A long form: role queries walk the whole accessibility tree, so fields are found by their labels.
vi.setConfig({ testTimeout: 40_000 });

const group = (legend: string) => {
  const fieldset = screen.getByText(legend, { selector: 'legend' }).closest('fieldset');
  if (!fieldset) throw new Error(`no group ${legend}`);
  return within(fieldset);
};
const saveButton = () => screen.getByText('Сохранить анкету').closest('button') as HTMLButtonElement;

describe('genom screen', () => {
  it("greets a therapist with nothing filled ('first data')", async () => {
    serve(answer(emptyGenom(), { about_clients: [0, 5], private_info: [0, 9] }));
    renderApp('/therapist/genom', { user: makeUser('therapist') });
    expect(await screen.findByText('Добро пожаловать!')).toBeInTheDocument();
    expect(screen.getByLabelText('О клиентах', { selector: 'progress' })).toHaveAttribute('value', '0');
    expect(saveButton()).toBeDisabled();
  });

  it("says what 'needs update', marks changes by content, saves and shows the server's field errors", async () => {
    const base = { ...emptyGenom(), professions: ['Педагоги', 'Студенты'] };
    serve(answer(base, { about_clients: [1, 5], private_info: [0, 9] }));
    const user = userEvent.setup();
    renderApp('/therapist/genom', { user: makeUser('therapist') });
    expect(await screen.findByText(/Анкета заполнена не полностью: О клиентах — заполнено 1 из 5/)).toBeInTheDocument();
    expect(screen.getByText('Все изменения сохранены')).toBeInTheDocument();

    const professions = group('Профессии клиентов');
    // The same answers in another order are no change (arrays compared by content).
    await user.click(professions.getByLabelText('Педагоги'));
    expect(screen.getByText('Есть несохранённые изменения')).toBeInTheDocument();
    await user.click(professions.getByLabelText('Педагоги'));
    expect(screen.getByText('Все изменения сохранены')).toBeInTheDocument();

    await user.click(group('Возраст клиентов').getByLabelText('25–34'));
    await user.type(screen.getByLabelText('Адрес кабинета'), 'Уфа');
    expect(screen.getByText('Есть несохранённые изменения')).toBeInTheDocument();

    server.use(
      http.put('/api/v1/therapist/settings/genom', () =>
        apiError(422, 'validation_failed', 'Проверьте правильность заполнения полей', {
          address: 'Адрес не найден',
        }),
      ),
    );
    const requests = recordRequests();
    await user.click(saveButton());
    expect(await screen.findByText('Адрес не найден')).toBeInTheDocument();
    expect(screen.getByLabelText('Адрес кабинета')).toHaveAttribute('aria-invalid', 'true');
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      professions: ['Студенты', 'Педагоги'],
      age_groups: ['25–34'],
      address: 'Уфа',
      language_ids: ['ru'],
      dob: null,
    });

    const saved = { ...base, age_groups: ['25–34'], address: 'Уфа' };
    server.use(
      http.put('/api/v1/therapist/settings/genom', () =>
        HttpResponse.json(answer(saved, { about_clients: [2, 5], private_info: [1, 9] })),
      ),
    );
    await user.click(saveButton());
    expect(await screen.findByText('Анкета сохранена')).toBeInTheDocument();
    expect(screen.getByText('Все изменения сохранены')).toBeInTheDocument();
    expect(screen.getByLabelText('О клиентах', { selector: 'progress' })).toHaveAttribute('value', '40');
  });

  it('checks fields on the client with the contract messages before sending', async () => {
    serve(answer(emptyGenom(), { about_clients: [0, 5], private_info: [0, 9] }));
    const user = userEvent.setup();
    renderApp('/therapist/genom', { user: makeUser('therapist') });
    await screen.findByText('Языки сессий');
    await user.click(group('Языки сессий').getByLabelText('Русский'));
    const requests = recordRequests();
    await user.click(saveButton());
    expect(await screen.findByText('Выберите хотя бы один язык')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('shows the error state with a retry when the genom cannot be loaded', async () => {
    server.use(http.get('/api/v1/therapist/settings/genom', () => apiError(500, 'internal', 'Сервер недоступен')));
    const user = userEvent.setup();
    renderApp('/therapist/genom', { user: makeUser('therapist') });
    expect(await screen.findByText('Сервер недоступен', {}, { timeout: 5000 })).toBeInTheDocument();
    serve(answer(emptyGenom(), { about_clients: [0, 5], private_info: [0, 9] }));
    await user.click(screen.getByText('Повторить'));
    await waitFor(() => expect(screen.getByText('Добро пожаловать!')).toBeInTheDocument());
  });
});
