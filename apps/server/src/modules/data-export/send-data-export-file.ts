import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { dataExports, type TUserRow } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';

export const EXPORT_NOT_FOUND = 'Архив не найден';
export const EXPORT_EXPIRED = 'Срок хранения архива истёк: ссылка действует 7 дней. Запросите архив заново.';
export const EXPORT_NOT_READY = 'Архив ещё собирается: скачать его можно, когда он будет готов';

/**
 * Streams the client's own ready archive. Someone else's archive answers 404 like one that does
 * not exist; one past its 7 days answers 410. Every download is written to the audit trail.
 */
export async function sendDataExportFile(
  ctx: Pick<TAppContext, 'db' | 'hashids' | 'files'>,
  client: TUserRow,
  params: { id: string },
  reply: FastifyReply,
  origin: TAuditOrigin,
  now = new Date(),
) {
  const id = ctx.hashids.decode('data_export', params.id);
  if (id === null) throw new AppError('not_found', EXPORT_NOT_FOUND);
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, client.id)));
  if (!row) throw new AppError('not_found', EXPORT_NOT_FOUND);
  if (row.status === 'expired' || (row.expiresAt && row.expiresAt <= now)) throw new AppError('gone', EXPORT_EXPIRED);
  if (row.status !== 'ready' || !row.fileKey) throw new AppError('conflict', EXPORT_NOT_READY);
  const file = await ctx.files.get(row.fileKey);
  if (!file) throw new AppError('gone', EXPORT_EXPIRED);
  await appendAudit(ctx.db, origin, [{ action: 'data_exported', subjectId: client.id, details: { export: row.id } }]);
  const day = (row.readyAt ?? now).toISOString().slice(0, 10);
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
    .header('content-length', file.size)
    .type('application/zip')
    .send(file.stream);
}
