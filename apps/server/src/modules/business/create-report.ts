import type { TBusinessReport, TCreateReportRequest } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import { businessReports, type TUserRow } from '../../db/schema/index.ts';
import type { TLanguage } from '../../lib/i18n/language.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { loadOwnBusiness } from './load-business.ts';
import { presentReport } from './present-report.ts';

/** Reports are kept this long, then their files are deleted. */
export const REPORT_TTL_MS = 7 * 86_400_000;

/**
 * Records a report request and schedules its build in the same transaction, so a report exists
 * exactly when its job does; the build survives a restart (pg-boss). The job keeps the language
 * of the person who asked, as the file is written later, with no request to take it from.
 */
export async function createReport(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  account: TUserRow,
  hashid: string,
  body: TCreateReportRequest,
  language: TLanguage,
  now = new Date(),
): Promise<TBusinessReport> {
  const business = await loadOwnBusiness(ctx, account, hashid);
  const report = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(businessReports)
      .values({
        businessId: business.id,
        year: body.year,
        view: body.view,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REPORT_TTL_MS),
      })
      .returning();
    if (!row) throw new Error('report not inserted');
    await scheduleJob(tx, {
      kind: 'business.build_report',
      dedupeKey: `business-report:${row.id}`,
      payload: { report_id: row.id, language },
    });
    return row;
  });
  return presentReport(ctx.hashids, report);
}
