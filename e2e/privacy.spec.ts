import { expect, type Page, test } from '@playwright/test';
import { shootAtWidths, signInDemo as signIn } from './support/screens.ts';

/**
 * Issue 14 in a real browser on the demo world: the therapist opens a client's page, and the client
 * sees it in «Кто видел мои данные». Screenshots of the screens at 1280 and 375 px go to
 * PRIVACY_SHOTS_DIR when it is set.
 */
const shotsDir = process.env.PRIVACY_SHOTS_DIR;

const shoot = (page: Page, name: string) => (shotsDir ? shootAtWidths(page, name, { dir: shotsDir }) : undefined);

test('a client sees that their therapist opened their page', async ({ browser }) => {
  const therapist = await (await browser.newContext()).newPage();
  const client = await (await browser.newContext()).newPage();
  await signIn(client, '/auth/sign-in', 'practice-1@example.com');
  const me = await (await client.request.get('/api/v1/user/me')).json();
  const clientName = `${me.first_name} ${me.last_name}`;

  const list = client.getByRole('list', { name: 'Кто видел мои данные' });
  await test.step('before: the list, or «пока никто не открывал», once loaded', async () => {
    await client.goto('/lk/privacy');
    await expect(client.getByRole('heading', { level: 1, name: 'Мои данные' })).toBeVisible();
    await expect(list.or(client.getByRole('heading', { name: 'Ваши данные пока никто не открывал' }))).toBeVisible();
  });
  // The page's read; the call box on it adds a read of the next session once per session (not counted here).
  const pageReads = list.getByRole('listitem').filter({ hasText: 'Открыл(а) вашу карточку клиента' });
  const before = await pageReads.count();

  await test.step('the therapist opens the client page', async () => {
    await signIn(therapist, '/therapist/auth/sign-in', 'therapist@example.com');
    await therapist.goto('/therapist/clients');
    await therapist.getByRole('searchbox', { name: 'Поиск по имени' }).fill(me.last_name);
    await therapist.getByRole('tabpanel').getByRole('link', { name: clientName }).click();
    await expect(therapist.getByRole('heading', { level: 1, name: clientName })).toBeVisible();
  });

  await test.step('the client sees the read, newest first, with the therapist’s name', async () => {
    await client.reload();
    await expect(pageReads).toHaveCount(before + 1);
    const newest = pageReads.first();
    await expect(newest).toContainText(/^Психолог /);
    await expect(list.getByRole('listitem').first()).toContainText(/^Психолог /);
    await expect(client.getByRole('list', { name: 'Согласия' })).toContainText('Обработка персональных данных');
    await shoot(client, 'data-views');
  });
});

test('a changed consent text is asked for before anything else', async ({ page }) => {
  await signIn(page, '/auth/sign-in', 'practice-3@example.com');
  // The server's answer as it is after a new version of the health-data text (versions are code).
  await page.route('**/api/v1/user/consents', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    body.consents[0] = { ...body.consents[0], version: '2099-01-01', needs_acceptance: true };
    return route.fulfill({ response, json: body });
  });
  await page.goto('/lk/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Подтвердите согласие' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await shoot(page, 'consent-gate');
});

test('a client sees their other session and ends it; that browser is signed out', async ({ browser }) => {
  const laptop = await (await browser.newContext()).newPage();
  const phoneContext = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const phone = await phoneContext.newPage();
  await signIn(phone, '/auth/sign-in', 'practice-2@example.com');
  await signIn(laptop, '/auth/sign-in', 'practice-2@example.com');

  await laptop.goto('/lk/settings');
  const list = laptop.getByRole('list', { name: 'Активные сеансы' });
  await expect(list.getByRole('listitem').first()).toContainText('Это устройство');
  const phoneItem = list.getByRole('listitem').filter({ hasText: 'iOS 17.5 (телефон)' });
  await expect(phoneItem).toContainText('Локальная сеть, 127.0.0.1');
  await shoot(laptop, 'settings');

  await phoneItem.getByRole('button', { name: /^Завершить сеанс/ }).click();
  await expect(phoneItem).toHaveCount(0);
  await expect(laptop.getByText('Других активных сеансов нет.')).toBeVisible();

  await phone.goto('/lk');
  await expect(phone).toHaveURL(/\/auth\/sign-in/);
  await laptop.reload();
  await expect(laptop.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();
});
