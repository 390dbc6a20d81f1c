import { expect, type Page, test } from '@playwright/test';
import { answerQuestions, fillCard, firstFreeTime, openMail, signUp } from './support/client-flows.ts';

/**
 * The client's money path (issue 3), in a real browser against the real server and its sandbox payment page:
 * sign up, answer the questionnaire, get suggestions, pick a therapist and a time, pay, see the pass and the session.
 */

/** Opens the first suggestion, holds its first free time and goes to the onboarding checkout. */
async function pickTimeAndCheckout(page: Page) {
  await expect(page).toHaveURL(/\/lk\/therapists$/);
  const first = page.getByRole('article').first();
  await expect(first).toContainText('за сессию');
  await expect(first.getByRole('heading', { name: 'Почему мы предлагаем' })).toBeVisible();
  await first.getByRole('link', { name: /Выбрать время/ }).click();

  await expect(page.getByRole('heading', { name: 'Свободное время', exact: true })).toBeVisible();
  const slot = await firstFreeTime(page, page, 0);
  const when = (await slot.getAttribute('aria-label')) ?? '';
  await slot.click();

  const dialog = page.getByRole('dialog', { name: 'Запись на сессию' });
  await expect(dialog).toContainText(when);
  // The policy comes before the client confirms: a deadline, or, inside 24 hours, that free cancelling is over.
  await expect(dialog).toContainText(
    /сессию бесплатно можно до|бесплатно отменить или перенести эту сессию уже нельзя/,
  );
  await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();

  await expect(page).toHaveURL(/\/lk\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Оплата первой сессии' })).toBeVisible();
  await expect(page.getByText(when)).toBeVisible();
  // The payment type starts as the method of the checkout currency (roubles for a new client).
  await expect(page.getByRole('radio', { name: /Карта в рублях/ })).toBeChecked();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('button', { name: /Оплатить/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  return when;
}

test('a new client answers the questions, picks a time, pays with the test card and sees the session', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page, 'Вера');
  await answerQuestions(page, { reload: true });
  const when = await pickTimeAndCheckout(page);

  await fillCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/lk\/passes\?purchase=/, { timeout: 30_000 });
  await expect(page.getByText('Оплата прошла')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Сессия записана: ${when}`)).toBeVisible();
  // The one-session pass went to that session: it is not called active above «Сессии закончились».
  await expect(page.getByText(/Абонемент активен/)).toHaveCount(0);
  await expect(page.getByText('Абонемент на 1 сессию · Индивидуальная терапия')).toBeVisible();

  await page.getByRole('link', { name: 'В личный кабинет' }).click();
  const next = page.getByRole('region', { name: 'Ближайшая сессия' });
  await expect(next).toContainText(when);
  await expect(next).toContainText('Начнётся через');

  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Сессии' }).click();
  await expect(page.getByRole('link', { name: when })).toBeVisible();
  await expect(page.getByText('Запланирована')).toBeVisible();
  await page.getByRole('button', { name: `Отменить сессию ${when}` }).click();
  const cancel = page.getByRole('dialog', { name: 'Отменить сессию?' });
  // The first free time may be less than 24 hours away (late at night): then the policy says it would be spent.
  await expect(cancel).toContainText(/Отмена бесплатная|сессия будет списана/);
  await cancel.getByRole('button', { name: 'Не отменять' }).click();
  await expect(page.getByText('Запланирована')).toBeVisible();

  // The job worker sends the confirmation (with its calendar file) and the receipt.
  await openMail(page, email, `Вы записаны на сессию ${when}`);
  await expect(page.locator('body')).toContainText('.ics');
});

test('a declined card: «Оплата не прошла» and nothing is booked', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, 'Глеб');
  await answerQuestions(page, { reload: true });
  await pickTimeAndCheckout(page);

  await fillCard(page, '4000 0000 0000 0002');
  await expect(page.getByText('Банк отклонил платёж')).toBeVisible();
  await page.getByRole('button', { name: 'Отменить оплату' }).click();

  await expect(page).toHaveURL(/\/lk\/passes\?purchase=/, { timeout: 30_000 });
  await expect(page.getByText('Оплата не прошла')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Попробовать снова' })).toBeVisible();

  await page.goto('/lk');
  await expect(page.getByRole('heading', { name: /Здравствуйте, Глеб/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ближайшая сессия' })).toHaveCount(0);
  await page.goto('/lk/sessions');
  await expect(page.getByRole('heading', { name: 'Предстоящие' })).toBeVisible();
  await expect(page.getByText('Запланирована')).toHaveCount(0);
  const status = await page.request.get('/api/v1/user/pass_status');
  expect((await status.json()).status).not.toBe('active');
});
