import { expect, type Page, test } from '@playwright/test';
import { shootAtWidths, signInDemo } from './support/screens.ts';

const shoot = (page: Page, name: string) => shootAtWidths(page, `therapist-${name}`);

test('the demo therapist edits the working hours, subscribes to the calendar feed and reads the statistics', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInDemo(page, '/therapist/auth/sign-in', 'therapist@example.com');
  await expect(page).toHaveURL(/\/therapist$/, { timeout: 15_000 });

  await test.step('the schedule: the week in the therapist’s zone, hours saved', async () => {
    await page.getByRole('link', { name: 'Расписание', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Неделя: сессии и свободное время' })).toBeVisible();
    await expect(page.getByText('Ваш часовой пояс: Москва, UTC+3')).toBeVisible();
    // A longer break after each session never leaves a booked session outside the hours.
    await page.getByLabel('Перерыв после сессии, мин').fill('15');
    await page.getByRole('button', { name: 'Сохранить часы' }).click();
    await expect(page.getByText('Рабочие часы сохранены')).toBeVisible();
    await shoot(page, 'schedule');
  });

  await test.step('the calendar feed answers with the booked sessions', async () => {
    const url = await page.getByLabel('Ссылка на календарь').inputValue();
    expect(url).toMatch(/\/api\/v1\/calendar\/[^/]+\.ics$/);
    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('BEGIN:VEVENT');
  });

  await test.step('the statistics: four figures and two charts', async () => {
    await page.getByRole('link', { name: 'Статистика', exact: true }).click();
    await expect(page.getByText('Дошли до 7-й сессии')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Сессии по месяцам' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Удержание клиентов' })).toBeVisible();
    // Recharts draws the bars and the line once the data is there.
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.locator('.recharts-line-curve')).toBeVisible();
    await shoot(page, 'stats');
  });
});
