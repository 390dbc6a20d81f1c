import { expect, test } from '@playwright/test';
import { shootAtWidths, signInDemo } from './support/screens.ts';

// spec §3 Client: currency and payment_info {payment_method_key, card_last}, read by the payment screen.
test('the payment screen shows the client: the saved card from payment_info and the currency', async ({ page }) => {
  await signInDemo(page, '/auth/sign-in', 'client@example.com');
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
  await shootAtWidths(page, 'payment-info');
});
