import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  answerQuestions,
  bookFirstSuggestion,
  fillSignUp,
  openMail,
  PASSWORD,
  sendSignUp,
  signUp,
} from './support/client-flows.ts';
import { shootAtWidths, signInDemo, submitSignIn } from './support/screens.ts';

/**
 * Issue 14's journey, in a real browser against the real server and its job worker: a new client
 * books and pays a session a week ahead; downloads the archive of their data and opens it; sees in
 * «Кто видел мои данные» that their therapist opened their page; ends their session on another
 * device; then deletes their account with their password. Their therapist is told by mail, and
 * their lists read «Клиент удалил аккаунт» where the name was; the old e-mail no longer signs in,
 * and signs up again as a new person. Screenshots of the dialog at 1280 and 375 px go to
 * e2e/screenshots.
 */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ERASED = 'Клиент удалил аккаунт';

const shoot = shootAtWidths;

/** The therapist a booking mail went to: the «Новая запись» mail (in the therapist's zone) that names this client. */
async function therapistOfBooking(page: Page, clientName: string): Promise<string> {
  let found = '';
  await expect(async () => {
    await page.goto('/dev/mailbox');
    const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Новая запись: / }) });
    for (const row of await rows.all()) {
      const href = (await row.getByRole('link').getAttribute('href')) ?? '';
      const text = await (await page.request.get(href)).text();
      if (text.includes(clientName)) found = ((await row.getByRole('cell').nth(1).textContent()) ?? '').trim();
    }
    expect(found).toMatch(/@example\.com$/);
  }).toPass({ timeout: 30_000 });
  return found;
}

test('a client takes their data, sees who read it, ends a session and deletes their account; the therapist sees «Клиент удалил аккаунт»', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const client = await (await browser.newContext({ acceptDownloads: true })).newPage();
  const therapist = await (await browser.newContext()).newPage();
  const name = `Стерта${Math.floor(Math.random() * 1e6)}`;
  let email = '';
  let booked = '';

  await test.step('a new client books and pays a session a week ahead', async () => {
    email = await signUp(client, name);
    await answerQuestions(client);
    booked = await bookFirstSuggestion(client, 1);
  });

  const therapistEmail = await therapistOfBooking(therapist, name);

  await test.step('the therapist sees the client by name among the active clients', async () => {
    await signInDemo(therapist, '/therapist/auth/sign-in', therapistEmail);
    await therapist.goto('/therapist/clients');
    await expect(therapist.getByRole('tabpanel').getByRole('link', { name })).toBeVisible();
  });

  await test.step('the client downloads the archive of their data and finds their e-mail and session in it', async () => {
    const slots = await (await client.request.get('/api/v1/user/slots')).json();
    const sessionIds = slots.upcoming.map((s: { id: string }) => s.id);
    expect(sessionIds).toHaveLength(1);
    await client.goto('/lk/privacy');
    const card = client.getByRole('region', { name: 'Скачать мои данные' });
    await card.getByRole('button', { name: /^Собрать (архив|заново)$/ }).click();
    const link = card.getByRole('link', { name: /^Скачать архив \(ZIP/ });
    await expect(link).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([client.waitForEvent('download'), link.click()]);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array()));
    expect(data.profile.email).toBe(email);
    expect(data.sessions.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(sessionIds));
    expect(strFromU8(files['summary.html'] ?? new Uint8Array())).toContain(name);
  });

  await test.step('the therapist opens the client page; the client sees it in «Кто видел мои данные»', async () => {
    await therapist.getByRole('tabpanel').getByRole('link', { name }).click();
    await expect(therapist.getByRole('heading', { level: 1, name })).toBeVisible();
    await client.goto('/lk/privacy');
    // A new client: every read listed is this therapist's (the page may also show the session ahead: a second entry).
    const reads = client.getByRole('list', { name: 'Кто видел мои данные' }).getByRole('listitem');
    await expect(reads.filter({ hasText: 'Открыл(а) вашу карточку клиента' })).toHaveCount(1);
    for (const read of await reads.all()) await expect(read).toContainText(/^Психолог /);
  });

  await test.step('the client ends their session on another device, which is signed out', async () => {
    const phone = await (await browser.newContext({ userAgent: PHONE_USER_AGENT })).newPage();
    await signInDemo(phone, '/auth/sign-in', email, PASSWORD);
    await client.goto('/lk/settings');
    const phoneItem = client
      .getByRole('list', { name: 'Активные сеансы' })
      .getByRole('listitem')
      .filter({ hasText: 'iOS 17.5 (телефон)' });
    await phoneItem.getByRole('button', { name: /^Завершить сеанс/ }).click();
    await expect(phoneItem).toHaveCount(0);
    await phone.goto('/lk');
    await expect(phone).toHaveURL(/\/auth\/sign-in/);
    await phone.context().close();
  });

  await test.step('a wrong password changes nothing', async () => {
    await client.goto('/lk/settings');
    await client.getByRole('button', { name: 'Удалить аккаунт' }).click();
    const dialog = client.getByRole('dialog', { name: 'Удалить аккаунт?' });
    await expect(dialog).toContainText('Будущие сессии отменятся по правилам отмены');
    await expect(dialog).toContainText('Парные сессии, которые записал ваш партнёр, останутся за ним');
    await expect(dialog).toContainText('записи об оплатах, которые мы обязаны хранить по закону');
    await shoot(client, 'erase-account-dialog');
    await dialog.getByLabel(/Пароль для подтверждения/).fill('совсем-не-тот-пароль');
    await dialog.getByRole('button', { name: 'Удалить навсегда' }).click();
    await expect(dialog.getByText('Пароль указан неверно')).toBeVisible();
    await dialog.getByRole('button', { name: 'Не удалять' }).click();
    await client.goto('/lk/sessions');
    await expect(client.getByRole('button', { name: `Отменить сессию ${booked}` })).toBeVisible();
  });

  await test.step('the client deletes the account with their password', async () => {
    await client.goto('/lk/settings');
    await client.getByRole('button', { name: 'Удалить аккаунт' }).click();
    const dialog = client.getByRole('dialog', { name: 'Удалить аккаунт?' });
    await dialog.getByLabel(/Пароль для подтверждения/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Удалить навсегда' }).click();
    const done = client.getByRole('dialog', { name: 'Аккаунт удалён' });
    await expect(done).toContainText('Отменена 1 будущая сессия.');
    await shoot(client, 'erase-account-done');
    await done.getByRole('button', { name: 'На главную' }).click();
    await expect(client).toHaveURL(/\/$/);
    await client.goto('/lk');
    await expect(client).toHaveURL(/\/auth\/sign-in/);
  });

  await test.step('the therapist is told, and their lists read «Клиент удалил аккаунт»', async () => {
    const mail = await openMail(therapist, therapistEmail, /отменена: клиент удалил аккаунт$/);
    expect(mail).toContain('Клиент удалил аккаунт, поэтому сессия');
    expect(mail).not.toContain(name);
    expect(mail).not.toContain(email);

    await therapist.goto('/therapist/clients');
    const active = therapist.getByRole('tabpanel');
    // Loaded: the count of the others, or none at all (this one was the therapist's only client).
    await expect(
      active.getByText(/^\d+ клиент/).or(active.getByRole('heading', { name: 'Пока нет клиентов' })),
    ).toBeVisible();
    await expect(active.getByRole('link', { name })).toHaveCount(0);
    // No session ahead and none held lately: the erased client is in the archive, without a name.
    await therapist.getByRole('tab', { name: 'Архив' }).click();
    const erased = therapist.getByRole('tabpanel').getByRole('link', { name: ERASED }).first();
    await expect(erased).toBeVisible();
    await erased.click();
    await expect(therapist.getByRole('heading', { level: 1, name: ERASED })).toBeVisible();
    await expect(therapist.getByText(name)).toHaveCount(0);
    await shoot(therapist, 'erased-client-therapist');
  });

  await test.step('the old e-mail no longer signs in', async () => {
    await client.goto('/auth/sign-in');
    await submitSignIn(client, email, PASSWORD);
    await expect(client.getByText('Неверный e-mail или пароль')).toBeVisible();
  });

  await test.step('the same e-mail signs up again as a new person', async () => {
    await client.goto('/auth/sign-up');
    await fillSignUp(client, { name: 'Новая', email });
    await sendSignUp(client);
    const me = await (await client.request.get('/api/v1/user/me')).json();
    expect(me).toMatchObject({ email, first_name: 'Новая', signed_up: false });
    await client.goto('/lk/sessions');
    await expect(client.getByRole('button', { name: `Отменить сессию ${booked}` })).toHaveCount(0);
  });
});
