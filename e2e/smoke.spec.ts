import { expect, test } from '@playwright/test';
import { fillSignUp, PASSWORD, sendSignUp } from './support/client-flows.ts';
import { shootAt, signInDemo, submitSignIn } from './support/screens.ts';

const roles = [
  {
    role: 'client',
    path: '/auth/sign-in',
    email: 'client@example.com',
    home: /\/lk$/,
    name: 'Мария',
    me: '/api/v1/user/me',
  },
  {
    role: 'therapist',
    path: '/therapist/auth/sign-in',
    email: 'therapist@example.com',
    home: /\/therapist$/,
    name: 'Анна',
    me: '/api/v1/therapist/current',
  },
  {
    role: 'business',
    path: '/business/auth/sign-in',
    email: 'business@example.com',
    home: /\/business\/employees$/,
    name: 'Ольга',
    me: '/api/v1/business_accounts/current_business_account',
  },
] as const;

for (const { role, path, email, home, name, me } of roles) {
  test(`${role} signs in, lands on their area and signs out`, async ({ page }) => {
    await signInDemo(page, path, email);
    await expect(page).toHaveURL(home);
    await expect(page.getByText(name).first()).toBeVisible();

    // Nothing wider than the window, and on a desktop «Выйти» in sight, from a wide screen down to a phone.
    for (const width of [1536, 1366, 1280, 1200, 1024, 360]) {
      await shootAt(page, role, width, { height: 800 });
      if (width > 1120) {
        const signOut = await page.getByRole('button', { name: 'Выйти' }).boundingBox();
        expect((signOut?.x ?? Infinity) + (signOut?.width ?? 0), `«Выйти» at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signed in, the role's own record answers; signed out, the same request is refused and the page is public.
    expect((await page.request.get(me)).status(), `${me} before signing out`).toBe(200);
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get(me)).status(), `${me} after signing out`).toBe(401);
    await expect(page.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
  });
}

test('a wrong password is refused with a message in Russian', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await submitSignIn(page, 'client@example.com', 'wrong-password');
  await expect(page.getByText('Неверный e-mail или пароль')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test('a visitor signs up as a client with consent and lands on the dashboard', async ({ page }) => {
  await page.goto('/auth/sign-up');
  await fillSignUp(page, { name: 'Светлана', password: 'qwertyuiop' });
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Этот пароль слишком распространён, выберите другой')).toBeVisible();

  await page.getByLabel('Пароль').fill(PASSWORD);
  await sendSignUp(page);
  await expect(page.getByRole('heading', { name: /Светлана/ })).toBeVisible();
});
