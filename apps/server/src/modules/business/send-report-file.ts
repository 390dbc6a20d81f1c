import type { FastifyReply } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import type { TAuditOrigin } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { auditEmployeeReads } from './audit-reads.ts';
import { loadOwnReport } from './load-report.ts';

const TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** Streams a ready report of the account's own business from the file store; every client in it is audited as read. */
export async function sendReportFile(
  ctx: Pick<TAppContext, 'db' | 'hashids' | 'files'>,
  account: TUserRow,
  params: { id: string; report_id: string },
  format: 'xlsx' | 'csv',
  reply: FastifyReply,
  origin: TAuditOrigin,
) {
  const report = await loadOwnReport(ctx, account, params);
  const key = format === 'xlsx' ? report.xlsxKey : report.csvKey;
  if (report.status !== 'done' || !key) throw new AppError('conflict', 'Отчёт ещё готовится');
  const file = await ctx.files.get(key);
  if (!file) throw new AppError('not_found', 'Отчёт не найден или уже удалён');
  await auditEmployeeReads(ctx.db, origin, {
    businessId: report.businessId,
    action: 'business_report',
    details: { business: report.businessId, report: report.id, format },
  });
  const name = `employees-${report.year}-${report.view}.${format}`;
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('content-length', file.size)
    .type(TYPES[format])
    .send(file.stream);
}
