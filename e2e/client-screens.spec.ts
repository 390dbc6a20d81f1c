import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { expectFitsWindow, signInDemo } from './support/screens.ts';
import { videoLaunchOptions } from './support/video-page.ts';

/**
 * Every client screen at a phone, a tablet, a laptop and a wide desktop (issue 12): nothing is wider than the window
 * (the page's scroll width), and axe finds no WCAG 2.1 A/AA violation. The demo client, who has sessions, a pass, a
 * saved card and suggestions; the public pages before signing in.
 */

const WIDTHS = [375, 768, 1280, 1536] as const;

// The call page asks for the camera: a fake one, allowed.
test.use({ launchOptions: videoLaunchOptions, permissions: ['camera', 'microphone'] });

type TViolation = { id: string; impact?: string | null; nodes: { target: unknown[] }[] };

async function checkScreen(page: Page, path: string, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await ready();
    await page.waitForLoadState('networkidle');
    await expectFitsWindow(page, `${path} at ${width} px`);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const found = (violations as TViolation[]).map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(found, `axe on ${path} at ${width} px`).toEqual([]);
  }
}

test('the public pages fit every width and pass axe', async ({ page }) => {
  test.setTimeout(120_000);
  await checkScreen(page, '/', () => expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible());
  await checkScreen(page, '/auth/sign-in', () => expect(page.getByLabel('E-mail')).toBeVisible());
  await checkScreen(page, '/auth/sign-up', () => expect(page.getByLabel('E-mail')).toBeVisible());
});

test('every screen of the client’s cabinet fits every width and passes axe', async ({ page }) => {
  test.setTimeout(300_000);
  await signInDemo(page, '/auth/sign-in', 'client@example.com');
  await expect(page).toHaveURL(/\/lk$/);

  const suggestions = (await (await page.request.get('/api/v1/user/suggestions')).json()) as {
    suggestions: { therapist: { id: string } }[];
  };
  const therapistId = suggestions.suggestions[0]?.therapist.id;
  expect(therapistId, 'the demo client has suggestions').toBeTruthy();
  const widgets = (await (await page.request.get('/api/v1/user/lk_widgets')).json()) as {
    widgets: { kind: string; action: { href: string } | null }[];
  };
  const sessionPath = widgets.widgets.find((w) => w.kind === 'next_session')?.action?.href ?? '';
  expect(sessionPath).toMatch(/^\/lk\/sessions\//);

  const heading = (name: string | RegExp) => () => expect(page.getByRole('heading', { name }).first()).toBeVisible();
  const screens: [string, () => Promise<void>][] = [
    ['/lk', heading(/Здравствуйте/)],
    ['/lk/therapists', () => expect(page.getByRole('article').first()).toBeVisible()],
    [`/lk/therapists/${therapistId}`, heading('Свободное время')],
    ['/lk/profile', heading(/Анкета|О вас|Готово/)],
    ['/lk/passes', heading('Абонементы')],
    ['/lk/payment', heading('Сохранённая карта')],
    ['/lk/sessions', heading('Предстоящие')],
    [sessionPath, () => expect(page.getByRole('main')).toBeVisible()],
    ['/lk/promocode', heading('Промокод')],
    ['/lk/checkout', () => expect(page.getByRole('main')).toBeVisible()],
    ['/lk/call', heading('Сессия ещё не началась')],
  ];
  for (const [path, ready] of screens) await checkScreen(page, path, ready);
});
