import { expect, type Page, test } from '@playwright/test';
import { shootAtWidths, signInDemo } from './support/screens.ts';

// A 2×2 PNG: enough for the server to make both avatar sizes from it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const shoot = (page: Page, name: string) => shootAtWidths(page, `therapist-${name}`);

const group = (page: Page, legend: string) => page.getByRole('group', { name: legend, exact: true });

test('the demo therapist signs the agreement, completes the genom until the alert goes, adds education with a file and a photo', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInDemo(page, '/therapist/auth/sign-in', 'therapist@example.com');
  await expect(page).toHaveURL(/\/therapist$/);

  // Notices: the agreement to sign and the genom alert naming what is left.
  await expect(page.getByText('Нужно подписать соглашение')).toBeVisible();
  await expect(page.getByText(/Дозаполните: О клиентах — заполнено 2 из 5/)).toBeVisible();
  await expect(page.getByText('Екатерина Орлова')).toBeVisible();
  await shoot(page, 'dashboard');

  await page.getByRole('link', { name: 'Прочитать и подписать' }).click();
  await expect(page.getByText(/Редакция 1/)).toBeVisible();
  await shoot(page, 'agreement');
  await page.getByRole('button', { name: 'Подписать' }).click();
  await expect(page.getByText('Подтвердите, что прочитали документ')).toBeVisible();
  await page.getByText('Я прочитал(а) документ и согласен(на) с ним').click();
  await page.getByRole('button', { name: 'Подписать' }).click();
  await expect(page.getByText(/Документ подписан/)).toBeVisible();
  await shoot(page, 'agreement-signed');

  await page.getByRole('link', { name: 'Анкета', exact: true }).click();
  await expect(page.getByText(/Анкета заполнена не полностью/)).toBeVisible();
  await shoot(page, 'genom');
  await group(page, 'Религиозные группы').getByText('Атеисты и агностики').click();
  await group(page, 'Особые группы').getByText('ЛГБТК+').click();
  await group(page, 'Культурные группы').getByText('Недавно переехавшие').click();
  await page.getByLabel('Адрес кабинета').fill('Москва, Тверская, 1');
  await page.getByLabel('Другие профессии').fill('Преподаватель');
  for (const legend of [
    'Принимаю очно',
    'Консультации по аудиосвязи',
    'Медицинское образование',
    'Экспертиза в питании',
  ]) {
    await group(page, legend).getByText('Нет', { exact: true }).click();
  }
  await expect(page.getByText('Есть несохранённые изменения')).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить анкету' }).click();
  await expect(page.getByText('Анкета сохранена')).toBeVisible();
  await expect(page.getByText('Анкета заполнена полностью.')).toBeVisible();

  // A new photo: both sizes come from the server.
  await page.getByLabel('Загрузить фото').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Фотография обновлена')).toBeVisible();
  await expect(page.locator('img[src^="/files/avatars/"]').first()).toBeVisible();
  await shoot(page, 'genom-complete');

  // Back to the dashboard: the alert is gone and the notices with it.
  await page.getByRole('link', { name: 'Главная', exact: true }).click();
  await expect(page.getByText('Анкета заполнена на 100 %')).toBeVisible();
  await expect(page.getByText(/Дозаполните/)).toHaveCount(0);
  await expect(page.getByText('Нужно подписать соглашение')).toHaveCount(0);

  await page.getByRole('link', { name: 'Образование', exact: true }).click();
  await page.getByRole('button', { name: 'Добавить запись' }).click();
  const entries = page.getByRole('listitem');
  const added = entries.last();
  await added.getByLabel('Тип').selectOption('certificate');
  await added.getByLabel('Название программы или специальность').fill('Схема-терапия');
  await added.getByLabel('Учебное заведение').fill('ISST');
  await added.getByLabel('Год окончания').fill('2021');
  await added
    .getByLabel('Прикрепить файл')
    .setInputFiles({ name: 'сертификат.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(added.getByRole('link', { name: 'сертификат.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Образование сохранено')).toBeVisible();
  await expect(added.getByText('На проверке')).toBeVisible();
  const document = await page.request.get(
    (await added.getByRole('link', { name: 'сертификат.pdf' }).getAttribute('href')) ?? '',
  );
  expect(document.status()).toBe(200);
  expect(document.headers()['content-type']).toBe('application/pdf');
  await shoot(page, 'education');
});
