import { type Browser, type BrowserContext, expect, test } from '@playwright/test';
import {
  expectMediaFlowing,
  newVideoContext,
  passDeviceCheck,
  signIn,
  videoLaunchOptions,
  videoWidth,
} from './support/video-page.ts';
import { startVideoServer, type TVideoSeed, type TVideoServer } from './support/video-server.ts';
import { inbound } from './support/video-stats.ts';

/**
 * Issue 4, the video call in two real browsers (Debian's Chromium with a fake camera and microphone): a therapist
 * and a client sign in, pass the device check and join; each side decodes the other's video and audio; chat, a
 * muted microphone, a screen share and a reload; the therapist ends the session and the client rates it. Someone
 * who is not in the session is refused.
 *
 * A session must be inside its join window, so this file runs a server of its own (support/video-server.ts): a
 * fresh data folder gets the demo world and one session that started a minute ago.
 */

test.use({ launchOptions: videoLaunchOptions });

let server: TVideoServer | null = null;
let seed: TVideoSeed;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startVideoServer();
  seed = server.seed;
});

test.afterAll(async () => {
  await server?.stop();
});

const newContext = (browser: Browser): Promise<BrowserContext> => newVideoContext(browser, server?.baseURL ?? '');

test('a therapist and a client hold a video session, chat, share a screen, end it and rate it', async ({ browser }) => {
  test.setTimeout(240_000);
  const therapist = await (await newContext(browser)).newPage();
  const client = await (await newContext(browser)).newPage();
  await signIn(therapist, '/therapist/auth/sign-in', seed.therapistEmail);
  await signIn(client, '/auth/sign-in', seed.clientEmail);

  await test.step('both pass the device check and join; each side decodes video and audio', async () => {
    await client.goto('/lk/call');
    await passDeviceCheck(client);
    await expect(client.getByText('Ждём, когда подключится Анна Смирнова')).toBeVisible();
    await therapist.goto(`/therapist/clients/${seed.clientUid}/call`);
    await passDeviceCheck(therapist);
    await expect(therapist.getByRole('heading', { name: 'Ирина Котова' })).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Анна Смирнова' })).toBeVisible();
    await expectMediaFlowing(therapist);
    await expectMediaFlowing(client);
    await expect(client.getByText(/^Остал(ась|ось) \d+ минут/)).toBeVisible();
  });

  await test.step('a chat message arrives, in order on both sides', async () => {
    await therapist.getByRole('button', { name: 'Чат' }).click();
    await therapist.getByLabel('Сообщение').fill('Здравствуйте, Ирина! Меня хорошо слышно?');
    await therapist.getByRole('button', { name: 'Отправить' }).click();
    // Unread on the client's chat button, then the message in the chat.
    await expect(client.getByRole('button', { name: /Чат, 1 новое сообщение/ })).toBeVisible();
    await client.getByRole('button', { name: /Чат/ }).click();
    const clientLog = client.getByRole('log', { name: 'Сообщения чата' });
    await expect(clientLog).toContainText('Здравствуйте, Ирина! Меня хорошо слышно?');
    await client.getByLabel('Сообщение').fill('Да, всё отлично слышно');
    await client.getByLabel('Сообщение').press('Enter');
    const therapistLog = therapist.getByRole('log', { name: 'Сообщения чата' });
    await expect(therapistLog.getByRole('listitem')).toHaveText([
      /Вы.*Здравствуйте, Ирина!/,
      /Ирина Котова.*Да, всё отлично слышно/,
    ]);
  });

  await test.step('the client mutes the microphone and the therapist sees it', async () => {
    await client.getByRole('button', { name: 'Выключить микрофон' }).click();
    await expect(client.getByRole('button', { name: 'Включить микрофон' })).toBeVisible();
    await expect(therapist.getByRole('img', { name: 'Ирина Котова: Микрофон выключен' })).toBeVisible();
  });

  await test.step('a screen share arrives as a new video on the other side, and stops cleanly', async () => {
    await client.getByRole('button', { name: 'Показать экран' }).click();
    await expect(client.getByText('Вы показываете свой экран')).toBeVisible();
    const screen = therapist.getByRole('figure', { name: 'Экран: Ирина Котова' });
    await expect(screen).toBeVisible();
    await expect.poll(() => screen.locator('video').evaluate(videoWidth)).toBeGreaterThan(0);
    // Two decoded videos now: the camera and the screen.
    await expect.poll(async () => (await inbound(therapist)).videoStreams, { timeout: 20_000 }).toBe(2);
    await client.getByRole('button', { name: 'Остановить показ' }).first().click();
    await expect(screen).toBeHidden();
  });

  await test.step('a reload rejoins the same call with the chat kept', async () => {
    await client.reload();
    await passDeviceCheck(client);
    await client.getByRole('button', { name: /Чат/ }).click();
    await expect(client.getByRole('log', { name: 'Сообщения чата' }).getByRole('listitem')).toHaveText([
      /Анна Смирнова.*Здравствуйте, Ирина!/,
      /Вы.*Да, всё отлично слышно/,
    ]);
    await expectMediaFlowing(client);
    await expectMediaFlowing(therapist);
  });

  await test.step('the therapist ends the session for everyone', async () => {
    await therapist.getByRole('button', { name: 'Завершить сессию' }).click();
    const confirm = therapist.getByRole('dialog', { name: 'Завершить сессию для всех?' });
    await confirm.getByRole('button', { name: 'Завершить сессию' }).click();
    await expect(therapist.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
  });

  await test.step('the client rates the session; the rating is stored, then the feedback', async () => {
    const rating = client.getByRole('dialog', { name: 'Как прошла сессия?' });
    await expect(rating).toBeVisible();
    await rating.getByRole('button', { name: 'Что означает оценка?' }).click();
    const info = client.getByRole('dialog', { name: 'Что означает оценка' });
    await expect(info).toContainText('Отлично: связь без помех');
    await info.getByRole('button', { name: 'Закрыть' }).last().click();
    await rating.getByRole('radio', { name: '4 звезды из 5' }).check();
    const stored = client.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/user/slot/video_quality') && response.request().method() === 'POST',
    );
    await rating.getByRole('button', { name: 'Отправить оценку' }).click();
    const response = await stored;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ slot_hashid: seed.slotHashid, rating: 4 });
    expect(await response.json()).toMatchObject({ success: true, slot_hashid: seed.slotHashid, rating: 4 });

    const feedback = client.getByRole('dialog', { name: 'Спасибо за оценку!' });
    await feedback.getByLabel('Отзыв').fill('Спасибо, было очень полезно');
    await feedback.getByRole('button', { name: 'Отправить отзыв' }).click();
    await expect(feedback).toContainText('Отзыв сохранён');
    await feedback.getByRole('button', { name: 'Закрыть' }).last().click();
    await expect(client.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
    // Rated: no second popup offered.
    await expect(client.getByRole('button', { name: 'Оценить сессию' })).toBeHidden();
  });

  await test.step('the therapist fills the post-session form', async () => {
    const rating = therapist.getByRole('dialog', { name: 'Как прошла сессия?' });
    await rating.getByRole('button', { name: 'Не сейчас' }).click();
    await therapist.getByRole('checkbox', { name: 'Браузер на компьютере' }).check();
    await therapist.getByRole('button', { name: 'Сохранить' }).click();
    await expect(therapist.getByText('Сохранено')).toBeVisible();
  });
});

test('someone who is not in the session is refused', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, '/auth/sign-in', 'client@example.com');

  // Their own call page shows their own next session, not this one.
  await page.goto('/lk/call');
  await expect(page.getByRole('heading', { name: 'Сессия ещё не началась' })).toBeVisible();

  // The therapist's video data of this session is not theirs to read.
  const box = await page.request.get(`/api/v1/therapist/users/${seed.clientUid}/videobox`);
  expect(box.status()).toBe(403);

  // The signaling socket refuses a forged token, and their own token (another session) does not open this room.
  const own = (await (await page.request.get('/api/v1/user/slot/videobox')).json()) as {
    token: string;
    signal_url: string;
    channel: string;
  };
  expect(own.channel).not.toContain(seed.slotHashid);
  const attempts = await page.evaluate(
    async ({ url, tokens }) =>
      Promise.all(
        tokens.map(
          (token) =>
            new Promise<{ error: string | null; close: number }>((resolve) => {
              const socket = new WebSocket(url);
              let error: string | null = null;
              socket.onopen = () =>
                socket.send(
                  JSON.stringify({ type: 'join', token, state: { audio: true, video: true, screen: false } }),
                );
              socket.onmessage = (event) => {
                const message = JSON.parse(event.data) as { type: string; code?: string };
                if (message.type === 'error') error = message.code ?? null;
                if (message.type === 'joined') error = 'joined';
              };
              socket.onclose = (event) => resolve({ error, close: event.code });
            }),
        ),
      ),
    { url: own.signal_url, tokens: [`forged.${seed.slotHashid}.token`, own.token] },
  );
  expect(attempts[0]).toEqual({ error: 'invalid_token', close: 4003 });
  expect(attempts[1]).toEqual({ error: 'too_early', close: 4006 });
});
