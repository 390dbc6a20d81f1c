import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TServerSignalMessage, TVideoData } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { apiError, recordRequests, server } from '../../../testing/api-server.ts';
import { makeAppGlobal, makeUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';
import { fetchClearingOnFailure } from '../api/get-client-video-data.ts';
import {
  FakeMediaStream,
  FakeRTCPeerConnection,
  FakeWebSocket,
  fakeMediaDevices,
  makeVideoData,
  resetFakes,
} from '../core/testing/fakes.ts';

const MINUTE = 60_000;

/** Video data of a session whose room is open now. */
function openVideoData(overrides: Partial<TVideoData> = {}): TVideoData {
  const now = Date.now();
  return makeVideoData({
    session_at: new Date(now - MINUTE).toISOString(),
    ends_at: new Date(now + 49 * MINUTE).toISOString(),
    opens_at: new Date(now - 11 * MINUTE).toISOString(),
    closes_at: new Date(now + 59 * MINUTE).toISOString(),
    ...overrides,
  });
}

const THERAPIST_PEER = {
  peer_id: 'therapist-t1',
  uid: 'therapist-uid',
  name: 'Анна Смирнова',
  role: 'therapist' as const,
  state: { audio: true, video: true, screen: false },
};

function installMediaFakes() {
  resetFakes();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('RTCPeerConnection', FakeRTCPeerConnection);
  vi.stubGlobal('MediaStream', FakeMediaStream);
  Object.defineProperty(navigator, 'mediaDevices', { value: fakeMediaDevices(), configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
}

const serverSends = (socket: FakeWebSocket, message: TServerSignalMessage) => act(() => socket.serverSend(message));

beforeEach(() => {
  window.App = makeAppGlobal({ csrf_token: 'csrf-1' });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('the call page outside a call', () => {
  it('says when to come back, in the viewer’s time zone', async () => {
    server.use(
      http.get('/api/v1/user/slot/videobox', () =>
        HttpResponse.json(
          makeVideoData({
            session_at: '2099-03-01T09:30:00Z',
            opens_at: '2099-03-01T09:20:00Z',
            ends_at: '2099-03-01T10:20:00Z',
            closes_at: '2099-03-01T10:30:00Z',
          }),
        ),
      ),
    );
    installMediaFakes();
    renderApp('/lk/call', { user: makeUser('client', { tz: 'Asia/Yekaterinburg' }) });
    expect(await screen.findByRole('heading', { name: 'Сессия ещё не началась' })).toBeVisible();
    expect(screen.getByText('Подключиться можно с 01.03.2099 в 14:20. Возвращайтесь к этому времени.')).toBeVisible();
    expect(screen.getByText('Начало сессии: 01.03.2099 в 14:30')).toBeVisible();
    // Nothing was asked of the camera before the room opens.
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('says there is no session when there is none', async () => {
    server.use(http.get('/api/v1/user/slot/videobox', () => apiError(404, 'not_found', 'Нет')));
    installMediaFakes();
    renderApp('/lk/call', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { name: 'Нет запланированных сессий' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'В личный кабинет' })).toHaveAttribute('href', '/lk');
  });

  it('shows an error with «Повторить» when the video data cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('/api/v1/user/slot/videobox', () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'internal', 'Ошибка')
          : HttpResponse.json(makeVideoData({ opens_at: '2099-01-01T00:00:00Z', closes_at: '2099-01-01T02:00:00Z' }));
      }),
    );
    installMediaFakes();
    renderApp('/lk/call', { user: makeUser('client') });
    expect(await screen.findByText('Не удалось загрузить данные видеосессии.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Сессия ещё не началась' })).toBeVisible();
  });

  it('clears the cached video data when a fetch fails (spec §4)', async () => {
    const client = new QueryClient();
    const key = ['video', 'client'];
    client.setQueryData(key, makeVideoData());
    await expect(
      fetchClearingOnFailure(client, key, () => Promise.reject(new ApiError(500, null))),
    ).rejects.toBeInstanceOf(ApiError);
    expect(client.getQueryData(key)).toBeNull();
  });
});

describe('the client’s call', () => {
  async function joinCall(videoData: TVideoData) {
    server.use(
      http.get('/api/v1/user/slot/videobox', () => HttpResponse.json(videoData)),
      http.post('/api/v1/user/slot/log', () => HttpResponse.json({ success: true, stored: 1 })),
      http.post('/api/v1/user/slot/video_quality', async ({ request }) =>
        HttpResponse.json({ success: true, ...((await request.json()) as object), comment: null }),
      ),
    );
    const requests = recordRequests();
    installMediaFakes();
    renderApp('/lk/call', { user: makeUser('client') });
    expect(await screen.findByRole('heading', { name: 'Проверка оборудования' })).toBeVisible();
    expect(screen.getByText('Психолог: Анна Смирнова')).toBeVisible();
    const works = screen.getByRole('button', { name: 'Всё работает' });
    await waitFor(() => expect(works).toBeEnabled());
    await userEvent.click(works);
    const socket = FakeWebSocket.last();
    await act(async () => {
      socket.serverOpen();
      await Promise.resolve();
    });
    await waitFor(() => expect(socket.sentOfType('join')).toHaveLength(1));
    await serverSends(socket, {
      type: 'joined',
      peer_id: 'client-c1',
      peers: [THERAPIST_PEER],
      chat: [],
      ends_at: videoData.ends_at,
    });
    return { socket, requests };
  }

  it('joins after the device check, shows the other side, their microphone, chat and the time left', async () => {
    const videoData = openVideoData();
    const { socket, requests } = await joinCall(videoData);
    // The device check's outcome goes to the client's log once the connection is up.
    expect(requests.find((request) => request.url === '/api/v1/user/slot/log')).toBeUndefined();
    act(() => FakeRTCPeerConnection.instances[0]?.setConnectionState('connected'));
    await waitFor(() =>
      expect(requests.find((request) => request.url === '/api/v1/user/slot/log')?.body).toEqual({
        slot_hashid: 'slot-1',
        device_check: { success: true },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Анна Смирнова' })).toBeVisible();
    expect(screen.getByText('Осталось 49 минут')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Анна Смирнова: Микрофон включён' })).toBeVisible();

    await serverSends(socket, {
      type: 'state',
      peer_id: 'therapist-t1',
      state: { audio: false, video: true, screen: false },
    });
    expect(screen.getByRole('img', { name: 'Анна Смирнова: Микрофон выключен' })).toBeVisible();

    await serverSends(socket, {
      type: 'chat',
      message: {
        id: 'm1',
        from_uid: 'therapist-uid',
        name: 'Анна Смирнова',
        text: 'Здравствуйте!',
        sent_at: new Date().toISOString(),
        client_id: 'x',
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Чат, 1 новое сообщение' }));
    const log = screen.getByRole('log', { name: 'Сообщения чата' });
    expect(within(log).getByText('Здравствуйте!')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Сообщение'), 'Добрый день{Enter}');
    expect(socket.sentOfType('chat')).toEqual([{ type: 'chat', text: 'Добрый день', client_id: expect.any(String) }]);
    expect(within(log).getByText('Добрый день')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Выключить микрофон' }));
    expect(socket.sentOfType('state').at(-1)?.state).toEqual({ audio: false, video: true, screen: false });
    expect(screen.getByRole('button', { name: 'Включить микрофон' })).toBeVisible();
  });

  it('shows «Восстанавливаем соединение…» while the socket is away', async () => {
    const { socket } = await joinCall(openVideoData());
    act(() => socket.serverClose());
    expect(await screen.findByText('Восстанавливаем соединение…')).toBeVisible();
  });

  it('asks before leaving', async () => {
    await joinCall(openVideoData());
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    const dialog = screen.getByRole('dialog', { name: 'Выйти из видеосессии?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Остаться' }));
    expect(screen.getByRole('heading', { name: 'Анна Смирнова' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Выйти из видеосессии?' })).getByRole('button', { name: 'Выйти' }),
    );
    expect(await screen.findByRole('heading', { name: 'Вы вышли из видеосессии' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Вернуться в видеосессию' })).toBeVisible();
    // Leaving is not the end of the session: no rating.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the therapist ends the session: the rating popup, the rating sent, then the feedback', async () => {
    const { socket, requests } = await joinCall(openVideoData());
    await serverSends(socket, { type: 'ended', reason: 'therapist_ended', slot_hashid: 'slot-ended' });
    expect(await screen.findByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
    const rating = await screen.findByRole('dialog', { name: 'Как прошла сессия?' });
    expect(within(rating).getByRole('button', { name: 'Отправить оценку' })).toBeDisabled();

    await userEvent.click(within(rating).getByRole('button', { name: 'Что означает оценка?' }));
    const info = screen.getByRole('dialog', { name: 'Что означает оценка' });
    expect(info).toHaveTextContent('Очень плохо: поговорить толком не получилось.');
    // Escape closes it too, in a real browser: e2e/modals.spec.ts.
    const [, closeInfo] = within(info).getAllByRole('button', { name: 'Закрыть' });
    await userEvent.click(closeInfo as HTMLElement);
    expect(screen.queryByRole('dialog', { name: 'Что означает оценка' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Как прошла сессия?' })).toBeVisible();

    await userEvent.click(within(rating).getByRole('radio', { name: '4 звезды из 5' }));
    await userEvent.click(within(rating).getByRole('button', { name: 'Отправить оценку' }));
    const feedback = await screen.findByRole('dialog', { name: 'Спасибо за оценку!' });
    // The ended slot given is the one rated.
    expect(requests.filter((request) => request.url === '/api/v1/user/slot/video_quality').map((r) => r.body)).toEqual([
      { slot_hashid: 'slot-ended', rating: 4 },
    ]);
    await userEvent.type(within(feedback).getByLabelText('Отзыв'), 'Спасибо');
    await userEvent.click(within(feedback).getByRole('button', { name: 'Отправить отзыв' }));
    expect(await within(feedback).findByText('Спасибо! Отзыв сохранён.')).toBeVisible();
    expect(requests.filter((request) => request.url === '/api/v1/user/slot/video_quality').at(-1)?.body).toEqual({
      slot_hashid: 'slot-ended',
      rating: 4,
      comment: 'Спасибо',
    });
  });

  it('does not show the rating popup when the video data carries feedbackFreshSlotHashid', async () => {
    const { socket } = await joinCall(openVideoData({ feedbackFreshSlotHashid: 'slot-1' }));
    await serverSends(socket, { type: 'ended', reason: 'time_up', slot_hashid: 'slot-1' });
    expect(await screen.findByRole('heading', { name: 'Время сессии закончилось' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Оценить сессию' })).toBeNull();
  });

  it('offers «Подключиться здесь» when another tab took over', async () => {
    const { socket } = await joinCall(openVideoData());
    await serverSends(socket, { type: 'replaced' });
    expect(await screen.findByRole('heading', { name: 'Видеосессия открыта в другой вкладке' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Подключиться здесь' })).toBeVisible();
  });
});
