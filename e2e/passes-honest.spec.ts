import { expect, type Page, test } from '@playwright/test';
import { shootAtWidths, signInDemo } from './support/screens.ts';

/**
 * Issue 12, items 3, 5 and 7 with the demo client (who has had sessions with therapist@example.com and holds a pass
 * of that therapist's tier): the catalog says which tier covers their therapist and warns before paying for one that
 * does not; a stale payment link is asked about once and says what to do; the checkout does not call a returning
 * client's session their first. Nothing is bought, so the demo data stays as it was.
 */

async function signInDemoClient(page: Page) {
  await signInDemo(page, '/auth/sign-in', 'client@example.com');
  await expect(page).toHaveURL(/\/lk$/);
}

const shoot = (page: Page, name: string, fullPage = true) => shootAtWidths(page, name, { fullPage });

const TIERS = ['Психолог', 'Опытный психолог', 'Эксперт'];
/** A tier's radio (a chosen one carries a check mark in its label). */
const tierRadio = (page: Page, tier: string) => page.getByRole('radio', { name: new RegExp(`^(✓ )?${tier}$`) });

test('the catalog names the tier of the chosen therapist and warns before paying for another', async ({ page }) => {
  await signInDemoClient(page);
  await page.goto('/lk/passes');
  const note = page.getByText(/^Сессии с психологом .+ оплачивает абонемент уровня «(.+)»\.$/);
  await expect(note).toBeVisible();
  const covering = /«(.+)»/.exec((await note.textContent()) ?? '')?.[1] ?? '';
  expect(TIERS).toContain(covering);
  await expect(tierRadio(page, covering)).toBeChecked();
  await shoot(page, 'passes-catalog-covering');

  const other = TIERS.find((tier) => tier !== covering) ?? '';
  await tierRadio(page, other).click();
  await expect(page.getByText(`Абонементы уровня «${other}» не оплатят сессии с психологом`)).toBeVisible();
  await shoot(page, 'passes-catalog-other-tier');

  await page
    .getByRole('button', { name: /^Купить абонемент:/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Оплата абонемента' });
  await expect(dialog).toContainText(`для них нужен абонемент уровня «${covering}»`);
  await expect(dialog).toContainText(`только сессии с психологами уровня «${other}»`);
  await shoot(page, 'passes-checkout-warning', false);
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  await page.getByRole('button', { name: `Показать уровень «${covering}»` }).click();
  await expect(tierRadio(page, covering)).toBeChecked();
  await page
    .getByRole('button', { name: /^Купить абонемент:/ })
    .first()
    .click();
  await expect(dialog.getByRole('button', { name: /Оплатить/ })).toBeVisible();
  await expect(dialog).not.toContainText('не оплатит сессии');
});

test('a stale payment link is asked about once and says what to do', async ({ page }) => {
  await signInDemoClient(page);
  let polls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/user/pass_purchases/')) polls += 1;
  });
  await page.goto('/lk/passes?purchase=zzzzzzzz');
  await expect(page.getByText('Покупка не найдена')).toBeVisible();
  await expect(page.getByText(/Ссылка на оплату устарела/)).toBeVisible();
  await page.waitForTimeout(5000);
  expect(polls).toBe(1);
  await shoot(page, 'passes-stale-link');
  await page.getByRole('button', { name: 'Понятно' }).click();
  await expect(page).toHaveURL(/\/lk\/passes$/);
  await expect(page.getByText('Покупка не найдена')).toHaveCount(0);
});

test('a returning client is not told they pay for their first session', async ({ page }) => {
  await signInDemoClient(page);
  await page.goto('/lk/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Оплата сессии' })).toBeVisible();
  await expect(page.getByText('первой сессии')).toHaveCount(0);
});
