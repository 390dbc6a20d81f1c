import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../testing/api-server.ts';
import { makeSuggestion, makeTherapistCard, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const plain = (text: string | null): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

// The list waits for the therapy methods (its filter): none unless a test says otherwise (its handler comes first).
beforeEach(() => {
  server.use(http.get('/api/v1/user/therapy_methods', () => HttpResponse.json([])));
});

describe('suggestions', () => {
  it('shows each therapist with experience, price in the client currency, nearest times and reasons', async () => {
    server.use(
      http.get('/api/v1/user/suggestions', () =>
        HttpResponse.json({
          suggestions: [
            makeSuggestion(),
            makeSuggestion({
              rank: 2,
              reasons: ['Говорит на вашем языке'],
              therapist: makeTherapistCard({
                id: 'th-2',
                first_name: 'Олег',
                last_name: 'Соколов',
                experience_years: 1,
                price: { amount: 12_550, currency: 'eur' },
                nearest_slots: [],
              }),
            }),
            makeSuggestion({
              rank: 3,
              therapist: makeTherapistCard({ id: 'th-3', first_name: 'Ирина', last_name: 'Лис', experience_years: 3 }),
            }),
          ],
        }),
      ),
    );
    renderApp('/lk/therapists', { user: makeUser('client', { tz: 'Asia/Yekaterinburg' }) });
    const first = await screen.findByRole('article', { name: 'Татьяна Васильева' });
    expect(within(first).getByText('Опыт 12 лет')).toBeInTheDocument();
    // The zone as people name it, not its IANA id.
    expect(
      screen.getByText('Подобрали по вашей анкете. Время указано в вашем часовом поясе: Екатеринбург, UTC+5.'),
    ).toBeInTheDocument();
    expect(plain(within(first).getByText(/за сессию/).textContent)).toBe('3 500 ₽ за сессию');
    expect(within(first).getByText('24.11.2026 в 11:00')).toBeInTheDocument();
    expect(within(first).getByRole('heading', { name: 'Почему мы предлагаем' })).toBeInTheDocument();
    expect(within(first).getByText('Работает с темами: тревога')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /Выбрать время/ })).toHaveAttribute('href', '/lk/therapists/th-1');

    const second = screen.getByRole('article', { name: 'Олег Соколов' });
    expect(within(second).getByText('Опыт 1 год')).toBeInTheDocument();
    expect(plain(within(second).getByText(/за сессию/).textContent)).toBe('126 € за сессию');
    expect(within(screen.getByRole('article', { name: 'Ирина Лис' })).getByText('Опыт 3 года')).toBeInTheDocument();
  });

  it('leads to the questionnaire when there is no one to suggest and the questionnaire is not done', async () => {
    server.use(
      http.get('/api/v1/user/suggestions', () => HttpResponse.json({ suggestions: [] })),
      http.get('/api/v1/user/signup/questions', () =>
        HttpResponse.json({ therapy_type: null, topic_codes: [], preferences: {}, step: 'profile', completed: false }),
      ),
    );
    renderApp('/lk/therapists', { user: makeUser('client', { signed_up: false }) });
    expect(await screen.findByRole('heading', { name: 'Пока некого предложить' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Заполнить анкету' })).toHaveAttribute('href', '/lk/profile');
  });

  it('filters by a therapy method from the methods list and names the card tags from it', async () => {
    server.use(
      http.get('/api/v1/user/therapy_methods', () =>
        HttpResponse.json([
          { code: 'cbt', label: 'Когнитивно-поведенческая терапия (КПТ)' },
          { code: 'act', label: 'Терапия принятия и ответственности (ACT)' },
          { code: 'gestalt', label: 'Гештальт-терапия' },
        ]),
      ),
      http.get('/api/v1/user/suggestions', () =>
        HttpResponse.json({
          suggestions: [
            makeSuggestion(),
            makeSuggestion({
              rank: 2,
              therapist: makeTherapistCard({
                id: 'th-2',
                first_name: 'Олег',
                last_name: 'Соколов',
                methods: [{ code: 'gestalt', label: 'Гештальт' }],
              }),
            }),
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/lk/therapists', { user: makeUser('client') });
    const first = await screen.findByRole('article', { name: 'Татьяна Васильева' });
    const tags = within(first).getByRole('list', { name: 'Методы' });
    expect(await within(tags).findByText('Когнитивно-поведенческая терапия (КПТ)')).toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: 'Подход' });
    await user.selectOptions(filter, 'Гештальт-терапия');
    expect(screen.queryByRole('article', { name: 'Татьяна Васильева' })).not.toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Олег Соколов' });
    expect(within(second).getByText('Гештальт-терапия')).toBeInTheDocument();

    await user.selectOptions(filter, 'Терапия принятия и ответственности (ACT)');
    expect(screen.queryByRole('article', { name: 'Олег Соколов' })).not.toBeInTheDocument();
    // The chosen method leads the tags of those who practise it.
    const act = within(screen.getByRole('article', { name: 'Татьяна Васильева' })).getAllByRole('listitem');
    expect(act[0]).toHaveTextContent('Терапия принятия и ответственности (ACT)');

    await user.selectOptions(filter, 'Все подходы');
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('says when no one chosen practises the method and offers everyone back', async () => {
    server.use(
      http.get('/api/v1/user/therapy_methods', () => HttpResponse.json([{ code: 'emdr', label: 'EMDR' }])),
      http.get('/api/v1/user/suggestions', () => HttpResponse.json({ suggestions: [makeSuggestion()] })),
    );
    const user = userEvent.setup();
    renderApp('/lk/therapists', { user: makeUser('client') });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Подход' }), 'EMDR');
    expect(screen.getByText('Среди подобранных психологов никто не практикует этот подход.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Показать всех' }));
    expect(screen.getByRole('article', { name: 'Татьяна Васильева' })).toBeInTheDocument();
  });

  it('never asks a client who finished the questionnaire to fill it: they match again or change the answers', async () => {
    let suggestions: unknown[] = [];
    server.use(
      http.get('/api/v1/user/suggestions', () => HttpResponse.json({ suggestions })),
      http.get('/api/v1/user/signup/questions', () =>
        HttpResponse.json({
          therapy_type: 'single',
          topic_codes: ['anxiety'],
          preferences: { therapist_sex: 'male' },
          step: 'done',
          completed: true,
        }),
      ),
      http.post('/api/v1/user/therapist_ai_analyses', () => {
        suggestions = [makeSuggestion()];
        return HttpResponse.json({ suggestions });
      }),
    );
    renderApp('/lk/therapists', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { name: 'По вашим ответам пока никого нет' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Заполнить анкету' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Заполните анкету/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Изменить ответы анкеты' })).toHaveAttribute('href', '/lk/profile');

    await userEvent.click(screen.getByRole('button', { name: 'Подобрать заново' }));
    expect(await screen.findByRole('article', { name: 'Татьяна Васильева' })).toBeInTheDocument();
  });

  it('writes the nearest times in the interface language', async () => {
    server.use(http.get('/api/v1/user/suggestions', () => HttpResponse.json({ suggestions: [makeSuggestion()] })));
    renderApp('/lk/therapists', { user: makeUser('client', { tz: 'Asia/Yekaterinburg' }), language: 'en' });
    const card = await screen.findByRole('article', { name: 'Татьяна Васильева' });
    expect(within(card).getByText('24.11.2026 at 11:00')).toBeInTheDocument();
  });
});
