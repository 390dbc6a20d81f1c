import { and, eq, gt } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { businessReports, type TBusinessReportRow, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadOwnBusiness } from './load-business.ts';

/** A report of the account's own business that has not expired; anything else is 404. */
export async function loadOwnReport(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  account: TUserRow,
  params: { id: string; report_id: string },
  now = new Date(),
): Promise<TBusinessReportRow> {
  const business = await loadOwnBusiness(ctx, account, params.id);
  const reportId = ctx.hashids.decode('business_report', params.report_id);
  const notFound = new AppError('not_found', 'Отчёт не найден или уже удалён');
  if (reportId === null) throw notFound;
  const [report] = await ctx.db
    .select()
    .from(businessReports)
    .where(
      and(
        eq(businessReports.id, reportId),
        eq(businessReports.businessId, business.id),
        gt(businessReports.expiresAt, now),
      ),
    );
  if (!report) throw notFound;
  return report;
}
