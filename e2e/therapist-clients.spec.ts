import { expect, test } from '@playwright/test';
import {
  expectMediaFlowing,
  newVideoContext,
  passDeviceCheck,
  signIn,
  videoLaunchOptions,
} from './support/video-page.ts';

/**
 * Issue 10, the therapist's clients and sessions in a real browser on the demo world: the demo therapist signs in,
 * sees today's sessions and starts the one whose room is open (two clicks from sign-in); its client joins from their
 * own account and both see each other. Then the clients list, a search, a client page and the confirmation of
 * «Освободить постоянное время», which names the weekday and time (cancelled there, so the demo data stays).
 */
test.use({ launchOptions: videoLaunchOptions });

test('a therapist goes from sign-in to the call in two clicks and finds a client with their standing time', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const therapist = await (await newVideoContext(browser, baseURL ?? '')).newPage();
  await signIn(therapist, '/therapist/auth/sign-in', 'therapist@example.com');

  let clientName = '';
  await test.step('today’s sessions on the dashboard; «Начать сессию» opens the call of the session starting now', async () => {
    const week = therapist.getByRole('region', { name: 'Ближайшие сессии' });
    const today = week.getByRole('region', { name: 'Сегодня' });
    const first = today.getByRole('listitem').first();
    clientName = (await first.getByRole('link').first().textContent()) ?? '';
    await first.getByRole('link', { name: 'Начать сессию' }).click();
    await expect(therapist).toHaveURL(/\/therapist\/clients\/[^/]+\/call$/);
    await passDeviceCheck(therapist);
  });

  await test.step('the client joins from their account and both see each other', async () => {
    const client = await (await newVideoContext(browser, baseURL ?? '')).newPage();
    await signIn(client, '/auth/sign-in', 'practice-1@example.com');
    await client.goto('/lk/call');
    await passDeviceCheck(client);
    await expect(therapist.getByRole('heading', { name: clientName })).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Анна Смирнова' })).toBeVisible();
    await expectMediaFlowing(therapist);
    await expectMediaFlowing(client);
  });

  await test.step('the clients list, a search, and a client page with the release confirmation', async () => {
    await therapist.goto('/therapist/clients');
    const list = therapist.getByRole('tabpanel');
    await expect(list.getByText(/^\d+ клиент/)).toBeVisible();
    await therapist.getByRole('searchbox', { name: 'Поиск по имени' }).fill(clientName.split(' ')[1] ?? clientName);
    await list.getByRole('link', { name: clientName }).click();
    await expect(therapist.getByRole('heading', { level: 1, name: clientName })).toBeVisible();
    await expect(therapist.getByRole('heading', { name: 'Прошедшие и отменённые сессии' })).toBeVisible();
    await therapist.getByRole('button', { name: 'Освободить постоянное время' }).click();
    const dialog = therapist.getByRole('dialog', { name: 'Освободить постоянное время?' });
    await expect(dialog).toContainText(/Вы освобождаете время клиента .+: по .+ в \d\d:\d\d\./);
    await dialog.getByRole('button', { name: 'Оставить' }).click();
    await expect(dialog).toBeHidden();

    await therapist.getByRole('link', { name: 'Клиенты', exact: true }).click();
    await therapist.getByRole('tab', { name: 'Архив' }).click();
    await expect(therapist.getByRole('tabpanel').getByText(/^\d+ клиент/)).toBeVisible();
  });
});
