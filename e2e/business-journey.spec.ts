import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { shootAt, signInApi, signInDemo } from './support/screens.ts';

/** The employer's journey of issue 11 in real Chromium against the demo data. */
test('an HR manager reads statistics, manages employees, black-lists one, uploads a list and downloads a report', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInDemo(page, '/business/auth/sign-in', 'business@example.com');
  await expect(page).toHaveURL(/\/business\/employees/, { timeout: 15_000 });

  // Switch business and year; the choice survives the move to the statistics and a reload.
  await page.getByRole('combobox', { name: 'Компания' }).selectOption({ label: 'АО «Технопарк Плюс»' });
  await page.getByRole('combobox', { name: 'Компания' }).selectOption({ label: 'ООО «Северный ветер»' });
  await page.getByRole('combobox', { name: 'Год' }).selectOption({ label: '2024 год' });
  await expect(page).toHaveURL(/year=2024/);
  // The year picked right after the business keeps that business.
  await expect(page.getByRole('combobox', { name: 'Компания' }).locator('option:checked')).toHaveText(
    'ООО «Северный ветер»',
  );
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Статистика' }).click();
  await expect(page).toHaveURL(/\/business\/stats\?business=.+&year=2024/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Год' })).toHaveValue('2024');
  await expect(page.getByRole('table', { name: 'Использование по месяцам, 2024 год' })).toBeVisible();
  await expect(page.getByText(/^Данные обновлены \d\d\.\d\d\.\d{4} в \d\d:\d\d$/)).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await page.getByRole('button', { name: 'По кварталам', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Использование по кварталам, 2024 год' })).toBeVisible();
  await shootAt(page, 'business-stats', 1280);

  // Employees: search, sort, page.
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Сотрудники' }).click();
  await page.getByRole('button', { name: 'По месяцам', exact: true }).click();
  await expect(page.getByText(/Страница 1 из \d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Вперёд' }).click();
  await expect(page.getByText(/Страница 2 из \d+/)).toBeVisible();
  await page.getByRole('button', { name: /^E-mail/ }).click();
  await expect(page).toHaveURL(/sort=users_email&dir=asc/);
  await page.getByLabel('Поиск по e-mail').fill('nobody-at-all');
  await expect(page.getByText('По запросу «nobody-at-all» сотрудников не найдено')).toBeVisible();
  await page.getByLabel('Поиск по e-mail').fill('staff-sever-1');
  await expect(page.getByRole('rowheader').first()).toContainText('staff-sever-1');

  // Black-list a registered employee; their promo code is then refused on the client side.
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Зарегистрирован' })
    .filter({ has: page.getByRole('button', { name: 'Запретить' }) })
    .first();
  const email = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
  await row.getByRole('button', { name: 'Запретить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запретить промокоды' });
  await dialog.getByRole('button', { name: 'Запретить' }).click();
  await expect(dialog).toBeHidden();
  const blocked = page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: email });
  await blocked.hover();
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'Сотруднику запрещено использовать любой промокод' }),
  ).toBeVisible();

  const client = await signInApi(baseURL ?? '', email);
  const apply = await client.api.post('/api/v1/user/promocode', {
    data: { code: 'WELCOME10' },
    headers: { 'x-csrf-token': client.csrf },
  });
  expect(apply.status()).toBe(403);
  expect(((await apply.json()) as { error: { code: string } }).error.code).toBe('promocode_blocked');
  await client.api.dispose();

  // Upload a list with good and bad rows and read the per-row answer.
  await page.getByRole('button', { name: 'Добавить сотрудников' }).click();
  const upload = page.getByRole('dialog', { name: 'Добавить сотрудников' });
  const stamp = Date.now();
  await upload.getByLabel('Файл со списком').setInputFiles({
    name: 'staff.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email\nnew-${stamp}@example.test\nnot-an-email\nnew-${stamp}@example.test\n${email}\n`),
  });
  await upload.getByRole('button', { name: 'Загрузить файл' }).click();
  await expect(upload.getByText('Добавлено: 1, не добавлено: 3')).toBeVisible();
  await expect(upload.getByText('Строка 3: not-an-email — Некорректный e-mail')).toBeVisible();
  await expect(upload.getByText('Строка 4: ' + `new-${stamp}@example.test — Повторяет строку 2`)).toBeVisible();
  await expect(upload.getByText(`Строка 5: ${email} — Уже в списке сотрудников этой компании`)).toBeVisible();
  await shootAt(page, 'business-upload', 1280, { fullPage: false });
  await upload.getByRole('button', { name: 'Закрыть' }).last().click();

  // A quarterly report, built in the background, downloaded and read back.
  await page.getByRole('button', { name: 'Отчёт по кварталам' }).click();
  const report = page.getByRole('dialog', { name: 'Отчёт по кварталам' });
  await report.getByRole('button', { name: 'Сформировать' }).click();
  const link = report.getByRole('link', { name: 'Скачать XLSX' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect(workbook.worksheets.map((s) => s.name)).toEqual(['По кварталам', 'По месяцам']);
  const sheet = workbook.getWorksheet('По кварталам');
  expect(sheet?.getRow(1).getCell(5).value).toBe('I квартал');
  expect(sheet?.getRow(sheet.rowCount).getCell(1).value).toBe('Итого');

  await shootAt(page, 'business-report', 375, { height: 800 });
});
