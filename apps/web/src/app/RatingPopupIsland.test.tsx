import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.ts';
import { recordRequests, server } from '../testing/api-server.ts';
import { makeAppGlobal, makeUser } from '../testing/fixtures.ts';
import RatingPopupIsland from './RatingPopupIsland.tsx';

describe('the rating popup island', () => {
  it('opens one popup, and the grade-info modal stacks on top of it', async () => {
    window.App = makeAppGlobal({ user: makeUser('client') });
    render(<RatingPopupIsland slotHashid="slot-9" />);
    const rating = await screen.findByRole('dialog', { name: 'Как прошла сессия?' });
    await userEvent.click(within(rating).getByRole('button', { name: 'Что означает оценка?' }));
    const info = screen.getByRole('dialog', { name: 'Что означает оценка' });
    expect(screen.getAllByRole('dialog')).toEqual([rating, info]);
  });

  it('rates through the therapist endpoint for a therapist (spec §6)', async () => {
    window.App = makeAppGlobal({ user: makeUser('therapist'), csrf_token: 'csrf-1' });
    server.use(
      http.post('/api/v1/therapist/slot/video_quality', () =>
        HttpResponse.json({ success: true, slot_hashid: 'slot-9', rating: 5, comment: null }),
      ),
    );
    const requests = recordRequests();
    render(<RatingPopupIsland slotHashid="slot-9" />);
    const rating = await screen.findByRole('dialog', { name: 'Как прошла сессия?' });
    await userEvent.click(within(rating).getByRole('radio', { name: '5 звёзд из 5' }));
    await userEvent.click(within(rating).getByRole('button', { name: 'Отправить оценку' }));
    expect(await screen.findByRole('dialog', { name: 'Спасибо за оценку!' })).toBeVisible();
    expect(requests[0]).toMatchObject({
      url: '/api/v1/therapist/slot/video_quality',
      method: 'POST',
      body: { slot_hashid: 'slot-9', rating: 5 },
    });
    expect(requests[0]?.headers['x-csrf-token']).toBe('csrf-1');
  });

  it('stays closed when the session was already rated, and rates the video slot when no ended slot is given', async () => {
    window.App = makeAppGlobal({ user: makeUser('client') });
    const first = render(<RatingPopupIsland videoSlotHashid="slot-3" feedbackFreshSlotHashid="slot-3" />);
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    server.use(
      http.post('/api/v1/user/slot/video_quality', () =>
        HttpResponse.json({ success: true, slot_hashid: 'slot-3', rating: 2, comment: null }),
      ),
    );
    const requests = recordRequests();
    render(<RatingPopupIsland videoSlotHashid="slot-3" />);
    const rating = await screen.findByRole('dialog', { name: 'Как прошла сессия?' });
    await userEvent.click(within(rating).getByRole('radio', { name: '2 звезды из 5' }));
    await userEvent.click(within(rating).getByRole('button', { name: 'Отправить оценку' }));
    await screen.findByRole('dialog', { name: 'Спасибо за оценку!' });
    expect(requests[0]?.body).toEqual({ slot_hashid: 'slot-3', rating: 2 });
  });

  it('starts in the language the user saved, whatever this browser stored, and asks the server in it', async () => {
    window.App = makeAppGlobal({ user: makeUser('client', { language: 'en' }) });
    window.localStorage.setItem('lang', 'ru');
    server.use(
      http.post('/api/v1/user/slot/video_quality', () =>
        HttpResponse.json({ success: true, slot_hashid: 'slot-4', rating: 4, comment: null }),
      ),
    );
    const requests = recordRequests();
    render(<RatingPopupIsland slotHashid="slot-4" />);
    const rating = await screen.findByRole('dialog', { name: 'How was the session?' });
    await userEvent.click(within(rating).getByRole('radio', { name: '4 stars of 5' }));
    await userEvent.click(within(rating).getByRole('button', { name: 'Send rating' }));
    await screen.findByRole('dialog', { name: 'Thank you for the rating!' });
    expect(requests[0]?.headers['accept-language']).toBe('en');
    window.localStorage.removeItem('lang');
    createI18n('ru');
  });
});
