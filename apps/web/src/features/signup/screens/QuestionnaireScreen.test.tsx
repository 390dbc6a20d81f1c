import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSignupQuestions } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import {
  makeQuestions,
  makeSignupProfile,
  makeSignupQuestions,
  makeSuggestion,
  makeUser,
} from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const NO_PASSES = {
  currency: 'rub',
  passes: [],
  client_passes: [],
  promocode: { active: false, description: null },
  therapist: null,
};

/** The questionnaire's routes, saving what the client sends as the server does. */
function answerQuestionnaire(profile = makeSignupProfile(), answers = makeSignupQuestions()) {
  let savedAnswers = answers;
  server.use(
    http.get('/api/v1/user/signup/profile', () => HttpResponse.json(profile)),
    http.get('/api/v1/user/signup/questions', () => HttpResponse.json(answers)),
    http.get('/api/v1/user/questions', () => HttpResponse.json(makeQuestions())),
    http.get('/api/v1/user/passes', () => HttpResponse.json(NO_PASSES)),
    http.put('/api/v1/user/signup/profile', async ({ request }) =>
      HttpResponse.json({ ...profile, ...((await request.json()) as object) }),
    ),
    http.put('/api/v1/user/signup/questions', async ({ request }) => {
      const { complete, ...rest } = (await request.json()) as { complete?: boolean };
      savedAnswers = { ...savedAnswers, ...rest, completed: complete ?? savedAnswers.completed };
      return HttpResponse.json(savedAnswers);
    }),
    http.post('/api/v1/user/therapist_ai_analyses', () => HttpResponse.json({ suggestions: [makeSuggestion()] })),
    http.get('/api/v1/user/suggestions', () => HttpResponse.json({ suggestions: [makeSuggestion()] })),
  );
}

describe('questionnaire', () => {
  it('resumes at the step the client stopped at', async () => {
    answerQuestionnaire(
      makeSignupProfile({ step: 'therapy_type' }),
      makeSignupQuestions({ step: 'topics', topic_codes: ['burnout'] }),
    );
    renderApp('/lk/profile', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { level: 2, name: 'Что вас беспокоит?' })).toHaveFocus();
    expect(screen.getAllByText('Шаг 3 из 4')[0]).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Выгорание' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Тревога' })).not.toBeChecked();
  });

  it('saves each step with the step it moves to', async () => {
    answerQuestionnaire(makeSignupProfile({ age: null }));
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/profile', { user: makeUser('client') });

    await user.click(await screen.findByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Укажите возраст')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Возраст' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Возраст' }), '34');
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Какая терапия вам нужна?' })).toBeInTheDocument();
    const profilePut = requests.find((request) => request.method === 'PUT' && request.url.endsWith('/profile'));
    expect(profilePut?.body).toMatchObject({ first_name: 'Мария', age: 34, tz: 'Europe/Moscow', step: 'therapy_type' });

    await user.click(screen.getByRole('radio', { name: /Парная терапия/ }));
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Что вас беспокоит?' })).toBeInTheDocument();
    const typePut = requests.filter((request) => request.method === 'PUT' && request.url.endsWith('/questions'))[0];
    expect(typePut?.body).toEqual({ therapy_type: 'couple', topic_codes: [], step: 'topics' });
  });

  it('finishes with complete: true, runs matching and opens the suggestions', async () => {
    answerQuestionnaire(
      makeSignupProfile({ step: 'topics' }),
      makeSignupQuestions({ step: 'preferences', topic_codes: ['anxiety'] }),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    const { router } = renderApp('/lk/profile', { user: makeUser('client') });

    await user.click(await screen.findByRole('radio', { name: 'Женский' }));
    await user.type(screen.getByRole('textbox', { name: 'От, лет' }), '30');
    await user.click(screen.getByRole('button', { name: 'Подобрать психолога' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/lk/therapists'));
    const last = requests.filter((request) => request.method === 'PUT').at(-1);
    expect(last?.body).toMatchObject({
      step: 'done',
      complete: true,
      preferences: { therapist_sex: 'female', therapist_age: { min: 30 }, price_tiers: [] },
    });
    expect(requests.some((request) => request.url === '/api/v1/user/therapist_ai_analyses')).toBe(true);
  });

  it('asks for a therapy type and a topic before going on, on the field and with focus on it', async () => {
    answerQuestionnaire(
      makeSignupProfile({ step: 'therapy_type' }),
      makeSignupQuestions({ step: 'therapy_type', therapy_type: null, topic_codes: [] }),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/profile', { user: makeUser('client') });

    await user.click(await screen.findByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Выберите вид терапии')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Индивидуальная терапия/ })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: /Индивидуальная терапия/ }));
    expect(screen.queryByText('Выберите вид терапии')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Далее' }));

    await user.click(await screen.findByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Выберите хотя бы одну тему')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Тревога' })).toHaveFocus();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('checks the therapist age range before sending', async () => {
    answerQuestionnaire(
      makeSignupProfile({ step: 'topics' }),
      makeSignupQuestions({ step: 'preferences', topic_codes: ['anxiety'] }),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/profile', { user: makeUser('client') });

    const from = await screen.findByRole('textbox', { name: 'От, лет' });
    await user.type(from, '1x2');
    expect(from).toHaveValue('12');
    await user.click(screen.getByRole('button', { name: 'Подобрать психолога' }));
    expect(await screen.findByText('Возраст психолога — от 18 до 100 лет')).toBeInTheDocument();
    expect(from).toHaveFocus();

    await user.clear(from);
    await user.type(from, '50');
    await user.type(screen.getByRole('textbox', { name: 'До, лет' }), '40');
    await user.click(screen.getByRole('button', { name: 'Подобрать психолога' }));
    expect(await screen.findByText('«От» не может быть больше «до»')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server field errors on their fields and its message on top', async () => {
    answerQuestionnaire(makeSignupProfile({ step: 'profile' }));
    server.use(
      http.put('/api/v1/user/signup/profile', () =>
        apiError(422, 'validation_failed', 'Проверьте анкету', { age: 'Сервис доступен с 18 лет' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/lk/profile', { user: makeUser('client') });

    await user.click(await screen.findByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Проверьте анкету')).toBeInTheDocument();
    const age = screen.getByRole('textbox', { name: 'Возраст' });
    expect(age).toHaveAccessibleDescription('Сервис доступен с 18 лет');
    expect(age).toHaveFocus();
  });

  it('shows live how many therapists match the answers, saving the preferences as a draft while they change', async () => {
    answerQuestionnaire(
      makeSignupProfile({ step: 'therapy_type' }),
      makeSignupQuestions({ step: 'topics', topic_codes: ['anxiety'] }),
    );
    // The count follows the saved answers, as the server's does.
    let saved: Partial<TSignupQuestions> = {};
    server.use(
      http.put('/api/v1/user/signup/questions', async ({ request }) => {
        const body = (await request.json()) as typeof saved;
        saved = { ...saved, ...body };
        return HttpResponse.json(makeSignupQuestions({ ...body, step: 'preferences', topic_codes: ['anxiety'] }));
      }),
      http.get('/api/v1/user/suggestions_count', () =>
        HttpResponse.json({ count: saved.preferences?.therapist_sex === 'female' ? 1 : 12 }),
      ),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderApp('/lk/profile', { user: makeUser('client') });

    expect(await screen.findByText('Вашим ответам подходят 12 психологов')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    await screen.findByRole('heading', { level: 2, name: 'Каким вы видите своего психолога?' });
    await user.click(screen.getByRole('radio', { name: 'Женский' }));
    // No «Далее» yet: the answer alone is saved and the count follows it.
    expect(await screen.findByText('Вашим ответам подходит 1 психолог')).toBeInTheDocument();
    const draft = requests.filter((request) => request.method === 'PUT').at(-1);
    expect(draft?.body).toEqual({ preferences: expect.objectContaining({ therapist_sex: 'female' }) });
  });
});
