import { z } from 'zod';
import type { TAppContext } from '../../context.ts';
import type { TJobHandlers } from '../../lib/jobs.ts';
import { buildReport } from './build-report.ts';

const ZReportPayload = z.object({ report_id: z.number().int().positive() });

/** Background work of the business area, for the job worker. */
export function businessJobHandlers(ctx: Pick<TAppContext, 'db' | 'files'>): TJobHandlers {
  return {
    'business.build_report': async (job) => {
      await buildReport(ctx, ZReportPayload.parse(job.payload).report_id);
    },
  };
}
