import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeUser } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PostSessionForm } from './PostSessionForm.tsx';

const PATH = '/api/v1/therapist/slot/user_connected_types';
const OPTIONS = [
  { key: 'desktop_browser', label: 'Браузер на компьютере' },
  { key: 'mobile_browser', label: 'Браузер на телефоне' },
];

beforeEach(() => {
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
});

describe('the post-session form', () => {
  it('starts from the saved answer and saves the ticked ways with the trimmed comment', async () => {
    server.use(
      http.get(PATH, () =>
        HttpResponse.json({
          options: OPTIONS,
          answer: {
            slot_hashid: 'slot-1',
            types: ['mobile_browser'],
            comment: null,
            updated_at: '2026-11-24T10:00:00Z',
          },
        }),
      ),
      http.post(PATH, async ({ request }) =>
        HttpResponse.json({ ...((await request.json()) as object), comment: 'Со второй попытки', updated_at: 'x' }),
      ),
    );
    const requests = recordRequests();
    const user = userEvent.setup();
    renderWithProviders(<PostSessionForm slotHashid="slot-1" />, { user: makeUser('therapist') });

    expect(await screen.findByRole('checkbox', { name: 'Браузер на телефоне' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Браузер на компьютере' }));
    await user.type(screen.getByRole('textbox', { name: 'Комментарий' }), '  Со второй попытки ');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Сохранено')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        slot_hashid: 'slot-1',
        types: ['desktop_browser', 'mobile_browser'],
        comment: 'Со второй попытки',
      }),
    );
  });

  it('shows the server refusal under the ways and clears it on the next tick', async () => {
    server.use(
      http.get(PATH, () => HttpResponse.json({ options: OPTIONS, answer: null })),
      http.post(PATH, () =>
        apiError(422, 'validation_failed', 'Проверьте форму', { types: 'Выберите, как подключался клиент' }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<PostSessionForm slotHashid="slot-1" />, { user: makeUser('therapist') });

    await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
    const refusal = await screen.findByText('Выберите, как подключался клиент');
    expect(screen.getByRole('group', { name: 'Как подключался клиент' })).toHaveAccessibleDescription(
      refusal.textContent ?? '',
    );
    expect(screen.getByText('Проверьте форму')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Браузер на компьютере' }));
    expect(screen.queryByText('Выберите, как подключался клиент')).not.toBeInTheDocument();
    expect(screen.queryByText('Проверьте форму')).not.toBeInTheDocument();
  });
});
