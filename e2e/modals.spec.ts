import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInDemo } from './support/screens.ts';

/**
 * The modal stack in a real browser (spec §2, Shared: stacked popups and a dynamic content modal). The modals are
 * native `<dialog>`s shown with showModal(): what jsdom cannot show is checked here, in Chromium, on the demo
 * client's pages: focus moves into the modal and stays there, the page behind is inert, Escape closes the top modal
 * only, a press on the backdrop closes it, and focus goes back to what opened it. Each modal is photographed at 1280
 * and 375 px (e2e/screenshots/modal-*.png).
 */

const WIDTHS = [1280, 375] as const;

/** The DOM members the checks use inside the page (the e2e project is typed without the DOM library). */
type TNode = {
  contains(other: unknown): boolean;
  closest(selector: string): TNode | null;
  getAttribute(name: string): string | null;
};
type TPageDocument = {
  activeElement: TNode | null;
  body: TNode & { append(node: unknown): void };
  createElement(tag: string): { dataset: Record<string, string> };
  elementFromPoint(x: number, y: number): TNode | null;
};
type TPage = { document: TPageDocument };

async function signInAsClient(page: Page) {
  await signInDemo(page, '/auth/sign-in', 'client@example.com');
  await expect(page).toHaveURL(/\/lk$/);
}

/** Whether the focused element is inside this dialog. */
const focusInside = (dialog: Locator) =>
  dialog.evaluate((element) => element.contains((globalThis as unknown as TPage).document.activeElement));

/** Where focus is: 'dialog' (inside this one), 'browser' (out of the page, in the browser's own controls) or 'page'. */
const focusPlace = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const { document } = globalThis as unknown as TPage;
    const active = document.activeElement;
    if (active && element.contains(active)) return 'dialog';
    return active === null || active === document.body ? 'browser' : 'page';
  });

/**
 * Tab goes round inside the top modal; past its last control a native modal lets focus leave to the browser's own
 * controls (the address bar), as browsers do, and the next Tab comes back in. It never reaches the page or a modal
 * below, which are inert.
 */
async function expectTabStaysInside(page: Page, dialog: Locator) {
  const places = new Set<string>();
  for (let press = 0; press < 16; press++) {
    await page.keyboard.press(press % 5 === 4 ? 'Shift+Tab' : 'Tab');
    places.add(await focusPlace(dialog));
  }
  expect(places.has('dialog')).toBe(true);
  expect(places.has('page')).toBe(false);
  await page.keyboard.press('Tab');
  if ((await focusPlace(dialog)) !== 'dialog') await page.keyboard.press('Tab');
  expect(await focusInside(dialog)).toBe(true);
}

/** A phone shows the modal as a sheet along the bottom edge, as wide as the screen. */
async function expectFits(page: Page, dialog: Locator, width: number) {
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
  if (width < 480) expect(Math.round(box.y + box.height)).toBe(viewport.height);
}

for (const width of WIDTHS) {
  test(`at ${width} px: the pass checkout modal and the cancel confirmation hold focus and give it back`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 480 ? 740 : 800 });
    await signInAsClient(page);

    await page.goto('/lk/passes');
    const buy = page.getByRole('button', { name: /^Купить абонемент: / }).first();
    await buy.click();
    const checkout = page.getByRole('dialog', { name: 'Оплата абонемента' });
    await expect(checkout.getByRole('radio', { name: /Карта в рублях/ })).toBeChecked();
    expect(await focusInside(checkout)).toBe(true);
    await expectTabStaysInside(page, checkout);
    await expectFits(page, checkout, width);
    await page.screenshot({ path: `e2e/screenshots/modal-checkout-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(checkout).toBeHidden();
    await expect(buy).toBeFocused();

    await page.goto('/lk/sessions');
    const cancelButton = page.getByRole('button', { name: /^Отменить сессию / }).first();
    await cancelButton.click();
    const confirm = page.getByRole('dialog', { name: 'Отменить сессию?' });
    await expect(confirm.getByRole('button', { name: 'Не отменять' })).toBeVisible();
    await expect(confirm).toContainText(/Отмена бесплатная|сессия будет списана/);
    await expectFits(page, confirm, width);
    await page.screenshot({ path: `e2e/screenshots/modal-confirm-${width}.png` });
    await confirm.getByRole('button', { name: 'Не отменять' }).click();
    await expect(confirm).toBeHidden();
    await expect(cancelButton).toBeFocused();
    await expect(page.getByText('Запланирована').first()).toBeVisible();
  });

  test(`at ${width} px: the rating popup with the grade-info modal stacked on top`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 480 ? 740 : 800 });
    await signInAsClient(page);
    const opener = page.getByRole('link', { name: 'Терапия онлайн' });
    await opener.focus();

    // The rating popup is an island any page can hold: the loader mounts a node added to the page.
    await page.evaluate(() => {
      const { document } = globalThis as unknown as TPage;
      const node = document.createElement('div');
      node.dataset.component = 'RatingPopup';
      node.dataset.slotHashid = 'e2e-slot';
      document.body.append(node);
    });
    const rating = page.getByRole('dialog', { name: 'Как прошла сессия?' });
    await expect(rating).toBeVisible();
    expect(await focusInside(rating)).toBe(true);
    await expectFits(page, rating, width);
    await page.screenshot({ path: `e2e/screenshots/modal-rating-${width}.png` });

    const whatMeans = rating.getByRole('button', { name: 'Что означает оценка?' });
    await whatMeans.click();
    const info = page.getByRole('dialog', { name: 'Что означает оценка' });
    await expect(info).toContainText('Отлично: связь без помех');
    await expectTabStaysInside(page, info);
    // The modal below is inert: a press where its «Не сейчас» button is lands on the modal on top or its backdrop.
    const later = await rating.getByRole('button', { name: 'Не сейчас' }).boundingBox();
    if (later) {
      const hit = await page.evaluate(
        ({ x, y }) =>
          (globalThis as unknown as TPage).document
            .elementFromPoint(x, y)
            ?.closest('dialog')
            ?.getAttribute('aria-labelledby') ?? null,
        { x: later.x + later.width / 2, y: later.y + later.height / 2 },
      );
      expect(hit).toBe(await info.getAttribute('aria-labelledby'));
    }
    await page.screenshot({ path: `e2e/screenshots/modal-rating-stacked-${width}.png` });

    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();
    await expect(rating).toBeVisible();
    await expect(whatMeans).toBeFocused();

    // A press on the backdrop closes the rating popup; focus goes back to where it was before it opened.
    await page.mouse.click(2, 2);
    await expect(rating).toBeHidden();
    await expect(opener).toBeFocused();
  });
}
