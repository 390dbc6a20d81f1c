// The captcha plugin in Chromium (spec §2, §5, §8, §9): a server of its own with Turnstile switched on, verifying
// tokens at a local fake provider that speaks Cloudflare's siteverify protocol. The widget's script is either
// blocked (route abort), served as a stand-in that follows Turnstile's JS API, or its element is removed as an ad
// blocker would.
import { expect, type Page, test } from '@playwright/test';
import { startFakeCaptchaProvider, type TFakeCaptchaProvider } from '../apps/server/src/test/fake-captcha-provider.ts';
import { startVideoServer, type TVideoServer } from './support/video-server.ts';

const SECRET = 'turnstile-secret-for-the-e2e-journey';
const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js**';
let provider: TFakeCaptchaProvider;
let server: TVideoServer;

test.beforeAll(async () => {
  provider = await startFakeCaptchaProvider(SECRET);
  server = await startVideoServer({
    env: {
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SITE_KEY: '0x4AAAAAAAe2e-site-key',
      CAPTCHA_SECRET_KEY: SECRET,
      CAPTCHA_VERIFY_URL: `${provider.origin}/turnstile/v0/siteverify`,
      SIGN_IN_RATE_LIMIT: '1000',
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

/** Turnstile's script as it behaves in a page: explicit render, a checkbox that hands over `token` when ticked. */
function serveTurnstile(page: Page, token: string) {
  const body = `
    window.turnstile = {
      render(element, params) {
        const box = document.createElement('label');
        const input = document.createElement('input');
        input.type = 'checkbox';
        input.addEventListener('change', () => params.callback(${JSON.stringify(token)}));
        box.append(input, ' Я не робот (Turnstile)');
        element.append(box);
        return 'widget-1';
      },
      reset(id) { document.querySelectorAll('[data-captcha-widget] input').forEach((input) => { input.checked = false; }); },
      remove(id) {},
    };
    window[new URL(document.currentScript.src).searchParams.get('onload')]();`;
  return page.route(SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body }));
}

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Имя').fill('Светлана');
  await page.getByLabel('Пароль').fill('вечерний-чай-с-мятой');
  await page.getByLabel(/Я даю согласие/).check();
}

test('with the script blocked, sign-up says in Russian what to do and sends nothing', async ({ page }) => {
  await page.route(SCRIPT, (route) => route.abort());
  const email = `captcha-blocked-${Date.now()}@example.test`;
  await page.goto(`${server.baseURL}/auth/sign-up`);
  await fillSignUp(page, email);
  await expect(page.getByText(/Не удалось загрузить проверку «Я не робот»/)).toBeVisible();
  await expect(page.getByText('Техническая причина: Failed to load script')).toBeVisible();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Пройдите проверку «Я не робот» над кнопкой и отправьте форму снова.')).toBeVisible();
  expect(provider.requests.filter((request) => request.form.response !== undefined)).toHaveLength(0);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `e2e/screenshots/captcha-blocked-${width}.png`, fullPage: true });
  }
  // The account was not made: signing in with it fails.
  const signIn = await page.request.post(`${server.baseURL}/api/v1/auth/sign_in`, {
    data: { email, password: 'вечерний-чай-с-мятой' },
  });
  expect(signIn.status()).toBe(401);
});

test('with its element removed by an ad blocker, the form says so', async ({ page }) => {
  await serveTurnstile(page, 'unused');
  await page.addInitScript(`
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[data-captcha-widget]')) node.remove();
    }).observe(document, { childList: true, subtree: true });`);
  await page.goto(`${server.baseURL}/auth/sign-up`);
  await expect(page.getByText(/её, скорее всего, скрыло расширение браузера/)).toBeVisible();
  await expect(page.getByText('Техническая причина: Captcha element is missing')).toBeVisible();
});

test('a solved widget signs up, its token verified by the provider', async ({ page }) => {
  provider.goodTokens.add('e2e-signup-token');
  await serveTurnstile(page, 'e2e-signup-token');
  await page.goto(`${server.baseURL}/auth/sign-up`);
  await fillSignUp(page, `captcha-ok-${Date.now()}@example.test`);
  await page.getByLabel('Я не робот (Turnstile)').check();
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: 'e2e/screenshots/captcha-solved-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'e2e/screenshots/captcha-solved-1280.png', fullPage: true });
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/lk/);
  expect(provider.requests.at(-1)?.form).toMatchObject({ secret: SECRET, response: 'e2e-signup-token' });
});

test('sign-in asks for the captcha after repeated failures, and passes with it', async ({ page }) => {
  provider.goodTokens.add('e2e-signin-token');
  await serveTurnstile(page, 'e2e-signin-token');
  await page.goto(`${server.baseURL}/auth/sign-in`);
  await page.getByLabel('E-mail').fill('client@example.com');
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await page.getByLabel('Пароль').fill(`wrong-password-${attempt}`);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByText('Неверный e-mail или пароль')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Проверка «Я не робот»' })).toHaveCount(0);
  }
  await page.getByLabel('Пароль').fill('demo-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText(/Подтвердите, что вы не робот/)).toBeVisible();
  await page.getByLabel('Я не робот (Turnstile)').check();
  await page.screenshot({ path: 'e2e/screenshots/captcha-sign-in-1280.png', fullPage: true });
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/lk$/);
});
