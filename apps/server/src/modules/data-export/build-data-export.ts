import { DATA_EXPORT_TTL_DAYS } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { TAppContext } from '../../context.ts';
import { dataExports } from '../../db/schema/index.ts';
import { randomFileName } from '../../lib/file-store.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { collectClientData } from './collect-client-data.ts';
import { renderSummaryHtml } from './render-summary-html.ts';

export const DATA_EXPORT_TTL_MS = DATA_EXPORT_TTL_DAYS * 86_400_000;

/** The names inside the archive. */
export const ARCHIVE_FILES = { json: 'data.json', html: 'summary.html' } as const;

/**
 * Builds a client's archive: reads everything held about them (collect-client-data.ts), writes a
 * ZIP of the JSON and the Russian summary to the file store under a random name, then marks it
 * ready for 7 days and, in the same transaction, schedules the mail and the file's deletion at
 * expiry. A client's data is small (kilobytes to a few megabytes), so the ZIP is made in memory
 * with fflate. A crash mid-build leaves it `building`; the job's retry builds it again from the start.
 */
export async function buildDataExport(ctx: Pick<TAppContext, 'db' | 'hashids' | 'files'>, exportId: number) {
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status === 'ready' || row.status === 'expired') return;
  await ctx.db.update(dataExports).set({ status: 'building', progress: 0 }).where(eq(dataExports.id, exportId));
  try {
    const data = await collectClientData(ctx, row.userId, (share) =>
      ctx.db
        .update(dataExports)
        .set({ progress: Math.min(90, Math.round(share * 90)) })
        .where(eq(dataExports.id, exportId))
        .then(() => undefined),
    );
    const zip = zipSync(
      {
        [ARCHIVE_FILES.json]: strToU8(JSON.stringify(data, null, 2)),
        [ARCHIVE_FILES.html]: strToU8(renderSummaryHtml(data)),
      },
      { level: 6, mtime: new Date() },
    );
    const key = `data-exports/${row.userId}/${randomFileName('zip')}`;
    const { size } = await ctx.files.put(key, Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_TTL_MS);
    const kept = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(dataExports)
        .set({ status: 'ready', progress: 100, fileKey: key, sizeBytes: size, readyAt, expiresAt })
        .where(eq(dataExports.id, exportId))
        .returning({ id: dataExports.id });
      // The archive was removed meanwhile (the account erased): nothing to tell, and the file must not stay.
      if (!updated) return false;
      await scheduleJob(tx, {
        kind: 'email.data_export_ready',
        dedupeKey: `data-export:${exportId}:ready-mail`,
        payload: { export_id: exportId },
      });
      await scheduleJob(tx, {
        kind: 'privacy.delete_data_export',
        dedupeKey: `data-export:${exportId}:delete`,
        runAt: expiresAt,
        payload: { export_id: exportId },
      });
      return true;
    });
    if (!kept) await ctx.files.delete(key);
  } catch (error) {
    await ctx.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, exportId));
    throw error;
  }
}
