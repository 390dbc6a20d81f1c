import { expect, test } from '@playwright/test';
import { shootAtWidths } from './support/screens.ts';
import { newVideoContext, passDeviceCheck, signIn, videoLaunchOptions } from './support/video-page.ts';
import { startVideoServer, type TVideoServer } from './support/video-server.ts';

/**
 * The rating after a reload (issue 12, item 4): the therapist ends the call, the client puts the rating popup off
 * and reloads; the session still waits for its rating on the dashboard and on its card, until the client rates it.
 * Its own server (support/video-server.ts): a session that started a minute ago, inside its join window.
 */

test.use({ launchOptions: videoLaunchOptions });

let server: TVideoServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startVideoServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test('a session whose rating popup was put off can still be rated after a reload', async ({ browser }) => {
  test.setTimeout(240_000);
  if (!server) throw new Error('no server');
  const { seed, baseURL } = server;
  const therapist = await (await newVideoContext(browser, baseURL)).newPage();
  const client = await (await newVideoContext(browser, baseURL)).newPage();
  await signIn(therapist, '/therapist/auth/sign-in', seed.therapistEmail);
  await signIn(client, '/auth/sign-in', seed.clientEmail);

  await client.goto('/lk/call');
  await passDeviceCheck(client);
  await therapist.goto(`/therapist/clients/${seed.clientUid}/call`);
  await passDeviceCheck(therapist);
  await expect(client.getByRole('heading', { name: 'Анна Смирнова' })).toBeVisible({ timeout: 20_000 });

  await therapist.getByRole('button', { name: 'Завершить сессию' }).click();
  await therapist
    .getByRole('dialog', { name: 'Завершить сессию для всех?' })
    .getByRole('button', { name: 'Завершить сессию' })
    .click();

  // The popup comes; the client puts it off and reloads.
  const popup = client.getByRole('dialog', { name: 'Как прошла сессия?' });
  await expect(popup).toBeVisible({ timeout: 20_000 });
  await popup.getByRole('button', { name: 'Не сейчас' }).click();
  await expect(popup).toBeHidden();
  await client.reload();
  await client.goto('/lk');

  const prompt = client.getByRole('region', { name: 'Оцените прошедшую сессию' });
  await expect(prompt).toContainText('Как прошла сессия с психологом Анна Смирнова');
  await shootAtWidths(client, 'rating-prompt-dashboard');
  // Put off again and reloaded: still there.
  await prompt.getByRole('button', { name: 'Оценить сессию' }).click();
  await popup.getByRole('button', { name: 'Не сейчас' }).click();
  await client.reload();
  await expect(prompt).toBeVisible();

  // The session's card offers it too.
  await client.goto('/lk/sessions');
  const rateOnCard = client.getByRole('button', { name: /^Оценить сессию \d{2}\.\d{2}\.\d{4} в \d{2}:\d{2}$/ });
  await expect(rateOnCard).toHaveCount(1);
  await shootAtWidths(client, 'rating-sessions');

  await client.goto('/lk');
  await prompt.getByRole('button', { name: 'Оценить сессию' }).click();
  await popup.getByRole('radio', { name: '5 звёзд из 5' }).check();
  const [response] = await Promise.all([
    client.waitForResponse((r) => r.url().endsWith('/api/v1/user/slot/video_quality')),
    popup.getByRole('button', { name: 'Отправить оценку' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ slot_hashid: seed.slotHashid, rating: 5 });
  await client.getByRole('dialog', { name: 'Спасибо за оценку!' }).getByRole('button', { name: 'Пропустить' }).click();

  // Rated: nothing asks again, after a reload either.
  await expect(prompt).toBeHidden();
  await client.reload();
  await expect(client.getByRole('heading', { level: 1, name: /Здравствуйте/ })).toBeVisible();
  await expect(prompt).toBeHidden();
  await client.goto('/lk/sessions');
  await expect(client.getByRole('heading', { name: 'Прошедшие' })).toBeVisible();
  await expect(rateOnCard).toHaveCount(0);
});
