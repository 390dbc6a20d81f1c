import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { dataExports } from '../../db/schema/index.ts';

/**
 * Deletes the files of archives past their 7 days and marks them `expired` (the row stays, with
 * no file, so the page can say so). Run by the job scheduled at each archive's expiry; it takes
 * every expired one, so a late or repeated run catches up and changes nothing twice.
 */
export async function purgeExpiredDataExports(
  ctx: Pick<TAppContext, 'db' | 'files'>,
  now = new Date(),
): Promise<number> {
  const expired = await ctx.db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.fileKey), lte(dataExports.expiresAt, now)));
  for (const row of expired) {
    if (row.fileKey) await ctx.files.delete(row.fileKey);
    await ctx.db.update(dataExports).set({ status: 'expired', fileKey: null }).where(eq(dataExports.id, row.id));
  }
  return expired.length;
}
