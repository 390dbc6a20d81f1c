import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { shootAtWidths, signInDemo } from './support/screens.ts';

const CYRILLIC = /[\u0400-\u04FF]/;

/**
 * An employer who switches to English reads the server's statistics in English (headers, figures, months), sees the
 * charts drawn from them, and downloads a report whose sheets and headers are English, though it was built later, in
 * the background. Switched back at the end: the demo account is shared by the other journeys of the run.
 */
test('a business account in English: statistics, charts and the report file', async ({ page }) => {
  test.setTimeout(120_000);
  await signInDemo(page, '/business/auth/sign-in', 'business@example.com');
  await expect(page).toHaveURL(/\/business\/employees/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Switch the interface to English' }).click();
  await expect(page.getByRole('columnheader', { name: /Sessions done/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^(Signed up|Invited|Left)$/ }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Statistics' }).first().click();
  const table = page.getByRole('table', { name: /^Usage by month/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Year total' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /^January/ })).toBeVisible();
  await expect(table.getByText('Sessions done', { exact: true })).toBeVisible();
  expect(await table.textContent()).not.toMatch(CYRILLIC);
  // The charts find their rows by place, not by the (now English) titles: bars are drawn.
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shootAtWidths(page, 'business-stats-english');

  await page.getByRole('link', { name: 'Employees' }).first().click();
  await page.getByRole('button', { name: 'Quarterly report' }).click();
  const report = page.getByRole('dialog', { name: 'Quarterly report' });
  await report.getByRole('button', { name: 'Build' }).click();
  const link = report.getByRole('link', { name: 'Download XLSX' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect(workbook.worksheets.map((s) => s.name)).toEqual(['By quarter', 'By month']);
  const sheet = workbook.getWorksheet('By quarter');
  expect(sheet?.getRow(1).values).toEqual([
    undefined,
    'E-mail',
    'Status',
    'Sessions done',
    'Spend, ₽',
    'Q1',
    'Q2',
    'Q3',
    'Q4',
  ]);
  expect(sheet?.getRow(sheet.rowCount).getCell(1).value).toBe('Total');
  await report.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('button', { name: 'Переключить интерфейс на русский' }).click();
  await expect(page.getByRole('link', { name: 'Статистика' }).first()).toBeVisible();
});
