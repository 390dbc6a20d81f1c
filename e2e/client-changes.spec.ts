import { expect, test } from '@playwright/test';
import {
  answerQuestions,
  bookFirstSuggestion,
  fillCard,
  firstFreeTime,
  linkAfter,
  openMail,
  signUp,
} from './support/client-flows.ts';
import { shootAtWidths } from './support/screens.ts';

/**
 * What a client changes after paying (issue 12): a session moved and then cancelled, each through to the session
 * page and the mail that links to it; a promo code through to the discounted payment and its receipt; the payment
 * screen with the card saved by that payment. A new client each, in a real browser against the real server.
 */

test('a client moves a session, then cancels it: the page and the mail of each change lead to the session', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = await signUp(page, 'Лев');
  await answerQuestions(page);
  // A week ahead: far enough that moving and cancelling are free.
  const booked = await bookFirstSuggestion(page, 1);

  // The booking mail links to the session and its calendar event carries the link.
  const bookedMail = await openMail(page, email, `Вы записаны на сессию ${booked}`);
  const bookedUrl = linkAfter(bookedMail, 'Сессия в личном кабинете');
  expect(bookedUrl).toMatch(/\/lk\/sessions\/\w+$/);
  expect(bookedMail).toContain('(Москва, UTC+3)');

  // Move it.
  await page.goto('/lk/sessions');
  await page.getByRole('button', { name: `Перенести сессию ${booked}` }).click();
  const move = page.getByRole('dialog', { name: 'Перенести сессию' });
  await expect(move).toContainText('Перенести бесплатно можно до');
  // Again a week or more ahead, so cancelling the moved session stays free.
  const other = await firstFreeTime(page, move, 1);
  const moved = (await other.getAttribute('aria-label')) ?? '';
  expect(moved).not.toBe(booked);
  await other.click();
  await expect(move).toContainText(`Перенести с ${booked} на ${moved}?`);
  await move.getByRole('button', { name: 'Перенести', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Сессия перенесена' })).toContainText(`Новое время: ${moved}`);

  // The mail about the move leads to the moved session.
  const movedMail = await openMail(page, email, `Сессия перенесена на ${moved}`);
  expect(movedMail).toContain(`на ${moved} (Москва, UTC+3)`);
  const movedUrl = linkAfter(movedMail, 'Сессия в личном кабинете');
  await page.goto(movedUrl);
  await expect(page.getByRole('heading', { name: moved })).toBeVisible();
  await expect(page.getByText('Запланирована')).toBeVisible();

  // Cancel it: free, back to the pass.
  await page.goto('/lk/sessions');
  await page.getByRole('button', { name: `Отменить сессию ${moved}` }).click();
  const cancel = page.getByRole('dialog', { name: 'Отменить сессию?' });
  await expect(cancel).toContainText('Отмена бесплатная');
  await cancel.getByRole('button', { name: 'Отменить сессию' }).click();
  await expect(page.getByRole('dialog', { name: 'Сессия отменена' })).toContainText('вернулась в абонемент');

  const cancelledMail = await openMail(page, email, `Сессия ${moved} отменена`);
  expect(cancelledMail).toContain('Сессия вернулась в абонемент');
  await page.goto(linkAfter(cancelledMail, 'Сессия в личном кабинете'));
  await expect(page.getByRole('heading', { name: moved })).toBeVisible();
  await expect(page.getByText('Отменена', { exact: true })).toBeVisible();
  // And back to the therapist's free time to book another.
  await page.goto(linkAfter(cancelledMail, 'Записаться на другое время'));
  await expect(page.getByRole('heading', { name: 'Свободное время', exact: true })).toBeVisible();
});

test('a promo code lowers the price through to the payment and the receipt; the card it paid with is saved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page, 'Ника');
  await page.goto('/lk/promocode');
  await page.getByRole('textbox', { name: 'Промокод' }).fill('WELCOME10');
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText('Промокод WELCOME10 применён.')).toBeVisible();

  const list = (await (await page.request.get('/api/v1/user/passes')).json()) as {
    passes: { sessions_count: number; price: number; discount_price: number; currency: string }[];
  };
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat('ru-RU', { style: 'currency', currency: currency.toUpperCase(), maximumFractionDigits: 0 })
      .format(amount / 100)
      .replace(/\s/g, ' ');
  const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
  // Every pass on sale is 10 % off for this client now (prices in kopecks).
  expect(list.passes.length).toBeGreaterThan(0);
  for (const pass of list.passes) expect(pass.discount_price).toBe(Math.round(pass.price * 0.9));

  await page.goto('/lk/passes');
  await page.getByRole('button', { name: 'Купить абонемент: 4 сессии' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Оплата абонемента' });
  await expect(modal).toContainText('Промокод применён.');
  const pay = modal.getByRole('button', { name: /Оплатить/ });
  const payText = plain(await pay.textContent());
  const offer = list.passes.find(
    (o) => o.sessions_count === 4 && payText.includes(money(o.discount_price, o.currency)),
  );
  if (!offer) throw new Error(`the pay button «${payText}» names no discounted price of a 4-session pass`);
  const price = (amount: number) => money(amount, offer.currency);
  await pay.click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  expect(plain(await page.locator('.amount').textContent())).toBe(price(offer.discount_price));
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Оплата прошла')).toBeVisible({ timeout: 30_000 });

  const receipt = await openMail(page, email, /^Оплата получена/);
  expect(plain(receipt)).toContain(
    `Сумма: ${price(offer.discount_price)} (полная цена ${price(offer.price)}, скидка по промокоду ${price(offer.price - offer.discount_price)})`,
  );

  // The payment screen: the card this payment was made with, saved, and removable.
  await page.goto('/lk/payment');
  const card = page.getByRole('region', { name: 'Сохранённая карта' });
  await expect(card).toContainText('Карта в рублях');
  await expect(card).toContainText('4242');
  await shootAtWidths(page, 'payment-saved-card');
  await card.getByRole('button', { name: 'Удалить карту' }).click();
  await page
    .getByRole('dialog', { name: 'Удалить карту?' })
    .getByRole('button', { name: 'Удалить', exact: true })
    .click();
  await expect(page.getByText('Карта удалена.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Карта не сохранена. Она сохранится при следующей оплате.')).toBeVisible();
});
