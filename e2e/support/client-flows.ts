import { expect, type Page } from '@playwright/test';

/** Steps of a new client's way, shared by the client journeys (a new account each, so journeys never meet). */

export const PASSWORD = 'вечерний-чай-с-мятой';
export const SLOT_NAME = /^\d{2}\.\d{2}\.\d{4} в \d{2}:\d{2}$/;

/** A new address each call, so accounts never meet. */
export const newEmail = (prefix = 'client') =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Fills the sign-up form open on the page, consent ticked, without sending it; returns the e-mail. */
export async function fillSignUp(
  page: Page,
  {
    name = 'Светлана',
    email = newEmail(),
    password = PASSWORD,
  }: { name?: string; email?: string; password?: string } = {},
): Promise<string> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Имя').fill(name);
  await page.getByLabel('Пароль').fill(password);
  await page.getByLabel(/Я даю согласие/).check();
  return email;
}

/** Sends the filled sign-up form and waits for the new client's area. */
export async function sendSignUp(page: Page) {
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/lk$/);
}

/** Signs a new client up; returns the e-mail. */
export async function signUp(page: Page, name: string): Promise<string> {
  await page.goto('/auth/sign-up');
  const email = await fillSignUp(page, { name });
  await sendSignUp(page);
  return email;
}

/**
 * Answers the questionnaire (individual therapy, anxiety) and lands on the suggestions; with `reload`, reloads before
 * the last step, which must come back (answers are saved step by step).
 */
export async function answerQuestions(page: Page, { reload = false } = {}) {
  await page.getByRole('link', { name: 'Анкета' }).first().click();
  await expect(page.getByRole('heading', { name: 'О вас' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Возраст' }).fill('31');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByText('Индивидуальная терапия', { exact: true }).click();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Что вас беспокоит?' })).toBeVisible();
  await page.getByText('Тревога', { exact: true }).click();
  await page.getByRole('button', { name: 'Далее' }).click();
  const lastStep = page.getByRole('heading', { name: 'Каким вы видите своего психолога?' });
  await expect(lastStep).toBeVisible();
  if (reload) {
    await page.reload();
    await expect(lastStep).toBeVisible();
  }
  await page.getByRole('button', { name: 'Подобрать психолога' }).click();
  await expect(page).toHaveURL(/\/lk\/therapists$/);
}

/** Waits for a week of free times (inside `scope`) to finish loading. */
export async function weekShown(page: Page, scope: ReturnType<Page['locator']> | Page = page) {
  const week = scope.locator('section[aria-labelledby="week-slots-title"]');
  await expect(week).not.toHaveAttribute('aria-busy', 'true');
  await expect(scope.getByRole('button', { name: SLOT_NAME }).or(scope.getByText('Нет окон')).first()).toBeVisible();
}

/**
 * The first free time at least `skipWeeks` weeks ahead (so the free-cancellation deadline is still ahead), in the
 * week picker inside `scope`; returns its label.
 */
export async function firstFreeTime(page: Page, scope: ReturnType<Page['locator']> | Page, skipWeeks: number) {
  const times = scope.getByRole('button', { name: SLOT_NAME });
  await weekShown(page, scope);
  for (let week = 0; week < skipWeeks || (await times.count()) === 0; week++) {
    if (week > skipWeeks + 4) throw new Error('no free time in five weeks');
    await scope.getByRole('button', { name: 'Следующая неделя' }).click();
    await weekShown(page, scope);
  }
  return times.first();
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Номер карты').fill(number);
  await page.getByLabel('Срок действия').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Оплатить/ }).click();
}

/**
 * From the suggestions: books the first therapist's first free time at least `skipWeeks` weeks ahead and pays for it
 * with the test card; returns the time's label.
 */
export async function bookFirstSuggestion(page: Page, skipWeeks: number): Promise<string> {
  await page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /Выбрать время/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Свободное время', exact: true })).toBeVisible();
  const slot = await firstFreeTime(page, page, skipWeeks);
  const booked = (await slot.getAttribute('aria-label')) ?? '';
  await slot.click();
  const confirm = page.getByRole('dialog', { name: 'Запись на сессию' });
  // The zone as people name it, never the IANA id (the browsers are in Moscow: playwright.config.ts).
  await expect(confirm).toContainText(`${booked} (Москва, UTC+3)`);
  await confirm.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/lk\/checkout$/);
  await page.getByRole('button', { name: /Оплатить/ }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Оплата прошла')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Сессия записана: ${booked}`)).toBeVisible();
  return booked;
}

/**
 * Opens the mail to `to` with this subject in the development mailbox (the job worker sends it within seconds) and returns
 * its text as the recipient reads it.
 */
export async function openMail(page: Page, to: string, subject: string | RegExp): Promise<string> {
  const link = page.getByRole('row').filter({ hasText: to }).getByRole('link', { name: subject }).first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(link).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await link.click();
  return (await page.locator('pre').textContent()) ?? '';
}

/** The address after a label in a mail's text: `Сессия в личном кабинете: http://…`. */
export function linkAfter(text: string, label: string): string {
  const match = new RegExp(`${label}: (https?://\\S+)`).exec(text);
  if (!match?.[1]) throw new Error(`no «${label}» link in the mail:\n${text}`);
  return match[1];
}
