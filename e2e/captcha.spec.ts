// The captcha plugin in Chromium (spec §2, §5, §8, §9): a server of its own with Turnstile switched on
// (support/captcha-server.ts). The widget's script is either blocked (route abort), served as a stand-in that
// follows Turnstile's JS API, or its element is removed as an ad blocker would.
import { expect, type Page, test } from '@playwright/test';
import {
  startCaptchaServer,
  type TCaptchaServer,
  TURNSTILE_SCRIPT,
  TURNSTILE_SECRET,
} from './support/captcha-server.ts';
import { fillSignUp, PASSWORD, sendSignUp } from './support/client-flows.ts';
import { DEMO_PASSWORD, shootAt, shootAtWidths, submitSignIn } from './support/screens.ts';

const SCRIPT = `${TURNSTILE_SCRIPT}**`;
let server: TCaptchaServer;

test.beforeAll(async () => {
  server = await startCaptchaServer({ SIGN_IN_RATE_LIMIT: '1000' });
});
test.afterAll(async () => {
  await server?.stop();
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

test('with the script blocked, sign-up says in Russian what to do and sends nothing', async ({ page }) => {
  await page.route(SCRIPT, (route) => route.abort());
  await page.goto(`${server.baseURL}/auth/sign-up`);
  const email = await fillSignUp(page);
  await expect(page.getByText(/Не удалось загрузить проверку «Я не робот»/)).toBeVisible();
  await expect(page.getByText('Техническая причина: Failed to load script')).toBeVisible();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Пройдите проверку «Я не робот» над кнопкой и отправьте форму снова.')).toBeVisible();
  expect(server.provider.requests.filter((request) => request.form.response !== undefined)).toHaveLength(0);

  await shootAtWidths(page, 'captcha-blocked');
  // The account was not made: signing in with it fails.
  const signIn = await page.request.post(`${server.baseURL}/api/v1/auth/sign_in`, {
    data: { email, password: PASSWORD },
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
  server.provider.goodTokens.add('e2e-signup-token');
  await serveTurnstile(page, 'e2e-signup-token');
  await page.goto(`${server.baseURL}/auth/sign-up`);
  await fillSignUp(page);
  await page.getByLabel('Я не робот (Turnstile)').check();
  await shootAtWidths(page, 'captcha-solved');
  await sendSignUp(page);
  expect(server.provider.requests.at(-1)?.form).toMatchObject({
    secret: TURNSTILE_SECRET,
    response: 'e2e-signup-token',
  });
});

test('sign-in asks for the captcha after repeated failures, and passes with it', async ({ page }) => {
  server.provider.goodTokens.add('e2e-signin-token');
  await serveTurnstile(page, 'e2e-signin-token');
  await page.goto(`${server.baseURL}/auth/sign-in`);
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await submitSignIn(page, 'client@example.com', `wrong-password-${attempt}`);
    await expect(page.getByText('Неверный e-mail или пароль')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Проверка «Я не робот»' })).toHaveCount(0);
  }
  await submitSignIn(page, 'client@example.com', DEMO_PASSWORD);
  await expect(page.getByText(/Подтвердите, что вы не робот/)).toBeVisible();
  await page.getByLabel('Я не робот (Turnstile)').check();
  await shootAt(page, 'captcha-sign-in', 1280);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/lk$/);
});
