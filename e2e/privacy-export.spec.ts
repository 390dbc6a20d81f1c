import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { linkAfter, openMail } from './support/client-flows.ts';
import { shootAtWidths, signInDemo } from './support/screens.ts';

const signIn = (page: Page, email: string) => signInDemo(page, '/auth/sign-in', email);

/**
 * Issue 14, «Скачать мои данные», in a real browser against the real server and its job worker: a demo
 * client with sessions asks for their archive on «Мои данные», waits for it, downloads it, and the ZIP
 * holds the JSON with their e-mail and their sessions and the Russian summary page. The download works
 * only in their session; the ready mail links to the page. Screenshots at 1280 and 375 px go to
 * PRIVACY_SHOTS_DIR when it is set.
 */
const EMAIL = 'practice-5@example.com';
const shotsDir = process.env.PRIVACY_SHOTS_DIR;

const shoot = (page: Page, name: string) => (shotsDir ? shootAtWidths(page, name, { dir: shotsDir }) : undefined);

test('a client downloads an archive of their data and finds their e-mail and sessions in it', async ({ browser }) => {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, EMAIL);
  const slots = await (await page.request.get('/api/v1/user/slots')).json();
  const sessionIds: string[] = [...slots.upcoming, ...slots.past].map((s: { id: string }) => s.id);
  expect(sessionIds.length, 'the demo client has sessions').toBeGreaterThan(0);

  const card = page.getByRole('region', { name: 'Скачать мои данные' });
  const link = card.getByRole('link', { name: /^Скачать архив \(ZIP/ });

  await test.step('the client asks for the archive on «Мои данные»', async () => {
    await page.goto('/lk/privacy');
    await expect(card.getByText(/Рабочие записи психолога в архив не входят/)).toBeVisible();
    await shoot(page, 'data-export-empty');
    await card.getByRole('button', { name: /^Собрать (архив|заново)$/ }).click();
  });

  await test.step('the page shows it being built, then ready with its expiry', async () => {
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(
      card.getByText(/Скачать можно до \d{2}\.\d{2}\.\d{4} в \d{2}:\d{2} и только в вашем аккаунте/),
    ).toBeVisible();
    await shoot(page, 'data-export-ready');
    const { violations } = await new AxeBuilder({ page })
      .include('section[aria-labelledby]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  const href = (await link.getAttribute('href')) ?? '';
  await test.step('the archive holds the JSON of their data and the summary page', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files).sort()).toEqual(['data.json', 'summary.html']);
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array()));
    expect(data.profile.email).toBe(EMAIL);
    expect(data.sessions.map((s: { id: string }) => s.id).sort()).toEqual(expect.arrayContaining(sessionIds));
    expect(data.sessions[0].therapist.name).toBeTruthy();
    const html = strFromU8(files['summary.html'] ?? new Uint8Array());
    expect(html).toContain('<h1>Мои данные</h1>');
    expect(html).toContain(EMAIL);
    expect(html).not.toMatch(/<script/i);
    if (shotsDir) {
      const summary = await page.context().newPage();
      await summary.setContent(html);
      await shoot(summary, 'data-export-summary');
      await summary.close();
    }
  });

  await test.step('the link opens nothing outside the client’s session', async () => {
    const stranger = await browser.newContext();
    expect((await stranger.request.get(href)).status()).toBe(401);
    const other = await (await browser.newContext()).newPage();
    await signIn(other, 'practice-6@example.com');
    expect((await other.request.get(href)).status()).toBe(404);
    await stranger.close();
    await other.context().close();
  });

  await test.step('the ready mail links to «Мои данные», not to the file', async () => {
    const mail = await openMail(page, EMAIL, 'Архив с вашими данными готов');
    const url = linkAfter(mail, 'Мои данные');
    expect(new URL(url).pathname).toBe('/lk/privacy');
    expect(mail).not.toContain('/file');
  });
});
