import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 12 item 9: after «English» a client reads English in what the server sends too: the questionnaire's
 * questions and options, the count of matching therapists, therapy method names in the filter and on the cards,
 * and the server's own refusals. Screenshots go to e2e/screenshots/ when E2E_SCREENSHOTS is set.
 */

const PASSWORD = 'вечерний-чай-с-мятой';
const CYRILLIC = /[\u0400-\u04FF]/;

async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}-top.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a client who switches to English reads English server texts: questions, methods, counts and errors', async ({
  page,
}) => {
  const email = `english-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.goto('/auth/sign-up');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Имя').fill('Anna');
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByLabel(/Я даю согласие/).check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/lk$/);

  await page.getByRole('button', { name: 'Switch the interface to English' }).click();
  await expect(page.getByRole('link', { name: 'Questionnaire' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Questionnaire' }).first().click();
  await page.getByRole('textbox', { name: 'Age' }).fill('31');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(/^For you alone/).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // The server's question and taxonomy, in English, and the live count of who matches.
  await expect(page.getByRole('heading', { name: 'What is troubling you?' })).toBeVisible();
  await page.getByText('Anxiety', { exact: true }).click();
  await expect(page.getByText(/\d+ therapists? match(es)? your answers/)).toBeVisible();
  await shoot(page, 'english-topics');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: /Session language/ })).toBeVisible();
  await expect(page.getByText('Cognitive behavioural therapy (CBT)', { exact: true })).toBeVisible();
  const before = await page.getByText(/therapists? match|Nobody matches/).textContent();
  // Therapists of 90 and over: the count follows the answer before «Find a therapist» is pressed.
  await page.getByRole('textbox', { name: 'From, years' }).fill('90');
  await expect(page.getByText(/therapists? match|Nobody matches/)).not.toHaveText(before ?? '');
  await page.getByRole('textbox', { name: 'From, years' }).fill('');
  await expect(page.getByText(/therapists? match|Nobody matches/)).toHaveText(before ?? '');
  await shoot(page, 'english-preferences');
  if (process.env.E2E_SCREENSHOTS) {
    // The count badge stays in sight while the long step scrolls.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByText('Gestalt therapy', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/english-preferences-375-scrolled.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.getByRole('button', { name: 'Find a therapist' }).click();

  await expect(page).toHaveURL(/\/lk\/therapists$/);
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading', { name: 'Why we suggest them' })).toBeVisible();
  await expect(first.getByRole('listitem').first()).not.toContainText(CYRILLIC);
  const filter = page.getByRole('combobox', { name: 'Approach' });
  await expect(filter.locator('option', { hasText: 'Gestalt therapy' })).toHaveCount(1);
  expect(await filter.locator('option').allTextContents()).not.toContainEqual(expect.stringMatching(CYRILLIC));
  const tags = first.getByRole('list', { name: 'Methods' }).getByRole('listitem');
  for (const tag of await tags.allTextContents()) expect(tag).not.toMatch(CYRILLIC);
  await shoot(page, 'english-suggestions');

  // The server's refusal, in English: signed out, a wrong password.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page.getByText('Wrong e-mail or password')).toBeVisible();
  await shoot(page, 'english-sign-in-error');
});
