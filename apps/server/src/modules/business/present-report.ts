import { buildPath, routes, type TBusinessReport, type TReportView } from '@therapy/contract';
import type { TBusinessReportRow } from '../../db/schema/index.ts';
import type { THashids } from '../../lib/ids.ts';

/** A report as its business account sees it; the links appear once the files are written. */
export function presentReport(hashids: THashids, report: TBusinessReportRow): TBusinessReport {
  const params = {
    id: hashids.encode('business', report.businessId),
    report_id: hashids.encode('business_report', report.id),
  };
  const link = (format: 'xlsx' | 'csv') =>
    report.status === 'done' ? `${buildPath(routes.employeesReportFile.path, params)}?format=${format}` : null;
  return {
    id: params.report_id,
    year: report.year,
    view: report.view as TReportView,
    status: report.status as TBusinessReport['status'],
    progress: report.progress,
    rows_count: report.rowsCount,
    created_at: report.createdAt.toISOString(),
    expires_at: report.expiresAt.toISOString(),
    xlsx_url: link('xlsx'),
    csv_url: link('csv'),
  };
}
