import { z } from 'zod';
import type { TAppContext } from '../../context.ts';
import type { TJobHandlers } from '../../lib/jobs.ts';
import { buildDataExport } from './build-data-export.ts';
import { purgeExpiredDataExports } from './purge-expired-data-exports.ts';

const ZExportPayload = z.object({ export_id: z.number().int().positive() });

/** Background work of the data export, for the job worker (the ready mail is the notifications module's). */
export function dataExportJobHandlers(ctx: Pick<TAppContext, 'db' | 'hashids' | 'files'>): TJobHandlers {
  return {
    'privacy.build_data_export': async (job) => {
      await buildDataExport(ctx, ZExportPayload.parse(job.payload).export_id);
    },
    'privacy.delete_data_export': async () => {
      await purgeExpiredDataExports(ctx);
    },
  };
}
