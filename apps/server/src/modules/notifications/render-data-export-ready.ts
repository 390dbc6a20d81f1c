import { DATA_EXPORT_TTL_DAYS } from '@therapy/contract';
import { formatDateTime } from '@therapy/contract/rules';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { dataExports, users } from '../../db/schema/index.ts';
import { mailBody } from './layout.ts';
import type { TMail } from './mailer.ts';

/**
 * «Ваш архив готов»: the link opens the privacy page, where the archive downloads only in the
 * client's own signed-in session (the mail itself carries no download link). Null when the
 * archive is no longer ready (expired, or the client is gone).
 */
export async function renderDataExportReady(
  db: TDb,
  exportId: number,
  options: { publicUrl?: string } = {},
  now = new Date(),
): Promise<TMail | null> {
  const [row] = await db
    .select({ export: dataExports, email: users.email, tz: users.tz })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(eq(dataExports.id, exportId));
  if (row?.export.status !== 'ready' || !row.export.expiresAt || row.export.expiresAt <= now) return null;
  return {
    to: row.email,
    subject: 'Архив с вашими данными готов',
    ...mailBody([
      'Здравствуйте!',
      'Архив со всеми данными, которые мы храним о вас, собран: профиль, анкета, сессии, оплаты, согласия и журнал доступа.',
      `Скачать его можно ${DATA_EXPORT_TTL_DAYS} дней, до ${formatDateTime(row.export.expiresAt, row.tz)}, только войдя в свой аккаунт. Потом файл будет удалён.`,
      'Если вы не запрашивали архив, смените пароль и завершите другие сеансы входа в настройках.',
      options.publicUrl ? `Мои данные: ${new URL('/lk/privacy', options.publicUrl).toString()}` : null,
    ]),
  };
}
