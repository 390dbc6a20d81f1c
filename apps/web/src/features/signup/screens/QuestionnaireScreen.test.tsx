import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type TRecordedRequest } from '../../../testing/fetch-mock.ts';
import {
  makeQuestions,
  makeSignupProfile,
  makeSignupQuestions,
  makeSuggestion,
  makeUser,
} from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const NO_PASSES = {
  body: { currency: 'rub', passes: [], client_passes: [], promocode: { active: false, description: null } },
};

function api(profile = makeSignupProfile(), answers = makeSignupQuestions()) {
  let savedAnswers = answers;
  return {
    'GET /api/v1/user/signup/profile': { body: profile },
    'GET /api/v1/user/signup/questions': { body: answers },
    'GET /api/v1/user/questions': { body: makeQuestions() },
    'GET /api/v1/user/passes': NO_PASSES,
    'PUT /api/v1/user/signup/profile': (request: TRecordedRequest) => ({
      body: { ...profile, ...(request.body as object) },
    }),
    'PUT /api/v1/user/signup/questions': (request: TRecordedRequest) => {
      const { complete, ...rest } = request.body as { complete?: boolean };
      savedAnswers = { ...savedAnswers, ...rest, completed: complete ?? savedAnswers.completed };
      return { body: savedAnswers };
    },
    'POST /api/v1/user/therapist_ai_analyses': { body: { suggestions: [makeSuggestion()] } },
    'GET /api/v1/user/suggestions': { body: { suggestions: [makeSuggestion()] } },
  };
}

describe('questionnaire', () => {
  it('resumes at the step the client stopped at', async () => {
    mockFetch(
      api(
        makeSignupProfile({ step: 'therapy_type' }),
        makeSignupQuestions({ step: 'topics', topic_codes: ['burnout'] }),
      ),
    );
    renderApp('/lk/profile', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { level: 2, name: 'Что вас беспокоит?' })).toHaveFocus();
    expect(screen.getAllByText('Шаг 3 из 4')[0]).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Выгорание' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Тревога' })).not.toBeChecked();
  });

  it('saves each step with the step it moves to', async () => {
    const requests = mockFetch(api(makeSignupProfile({ age: null })));
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
    const requests = mockFetch(
      api(
        makeSignupProfile({ step: 'topics' }),
        makeSignupQuestions({ step: 'preferences', topic_codes: ['anxiety'] }),
      ),
    );
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
});
