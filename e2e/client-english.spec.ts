import { expect, test } from '@playwright/test';
import { signUp } from './support/client-flows.ts';
import { shootAt, shootAtWidths, submitSignIn } from './support/screens.ts';

/**
 * Issue 12 item 9: after «English» a client reads English in what the server sends too: the questionnaire's
 * questions and options, the count of matching therapists, therapy method names in the filter and on the cards,
 * and the server's own refusals. Screenshots of each screen go to e2e/screenshots/english-*, the whole page and
 * (`-top`) what the window shows of it, where the count badge is judged.
 */

const CYRILLIC = /[\u0400-\u04FF]/;

test('a client who switches to English reads English server texts: questions, methods, counts and errors', async ({
  page,
}) => {
  const email = await signUp(page, 'Anna');

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
  await shootAtWidths(page, 'english-topics', { top: true });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: /Session language/ })).toBeVisible();
  await expect(page.getByText('Cognitive behavioural therapy (CBT)', { exact: true })).toBeVisible();
  const before = await page.getByText(/therapists? match|Nobody matches/).textContent();
  // Therapists of 90 and over: the count follows the answer before «Find a therapist» is pressed.
  await page.getByRole('textbox', { name: 'From, years' }).fill('90');
  await expect(page.getByText(/therapists? match|Nobody matches/)).not.toHaveText(before ?? '');
  await page.getByRole('textbox', { name: 'From, years' }).fill('');
  await expect(page.getByText(/therapists? match|Nobody matches/)).toHaveText(before ?? '');
  await shootAtWidths(page, 'english-preferences', { top: true });
  // The count badge stays in sight while the long step scrolls on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByText('Gestalt therapy', { exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByText(/therapists? match|Nobody matches/)).toBeInViewport();
  await shootAt(page, 'english-preferences-scrolled', 375, { height: 800, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
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
  await shootAtWidths(page, 'english-suggestions', { top: true });

  // The server's refusal, in English: signed out, a wrong password.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth/sign-in');
  await submitSignIn(page, email, 'not-the-password-1', 'en');
  await expect(page.getByText('Wrong e-mail or password')).toBeVisible();
  await shootAtWidths(page, 'english-sign-in-error', { top: true });
});
