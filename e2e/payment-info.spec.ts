import { expect, test } from '@playwright/test';

// spec §3 Client: currency and payment_info {payment_method_key, card_last}, read by the payment screen.
test('the payment screen shows the client: the saved card from payment_info and the currency', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail').fill('client@example.com');
  await page.getByLabel('Пароль').fill('demo-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/lk$/);

  const client = await page.request.get('/api/v1/user/card');
  expect(await client.json()).toEqual({
    currency: 'rub',
    payment_info: { payment_method_key: 'cloud_payments', card_last: '4242' },
  });

  await page.goto('/lk/payment');
  const card = page.getByRole('region', { name: 'Сохранённая карта' });
  await expect(card.getByText('Карта в рублях')).toBeVisible();
  await expect(card.getByText(/4242/)).toBeVisible();
  await expect(page.getByRole('radio', { name: /Рубли/ })).toBeChecked();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), { message: `${width} px` })
      .toBeLessThanOrEqual(width);
    await page.screenshot({ path: `e2e/screenshots/payment-info-${width}.png`, fullPage: true });
  }
});
