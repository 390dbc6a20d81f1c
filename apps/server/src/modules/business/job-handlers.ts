import { LANGUAGES } from '@therapy/contract';
import { z } from 'zod';
import type { TAppContext } from '../../context.ts';
import { DEFAULT_LANGUAGE } from '../../lib/i18n/language.ts';
import type { TJobHandlers } from '../../lib/jobs.ts';
import { buildReport } from './build-report.ts';

const ZReportPayload = z.object({
  report_id: z.number().int().positive(),
  // Jobs queued before the language was kept with them build in Russian, as they did.
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});

/** Background work of the business area, for the job worker. */
export function businessJobHandlers(ctx: Pick<TAppContext, 'db' | 'files'>): TJobHandlers {
  return {
    'business.build_report': async (job) => {
      const payload = ZReportPayload.parse(job.payload);
      await buildReport(ctx, payload.report_id, payload.language);
    },
  };
}
