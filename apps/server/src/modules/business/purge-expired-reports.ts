import { lte } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { businessReports } from '../../db/schema/index.ts';

/** Deletes reports past their 7 days, files first, so no file outlives its record. */
export async function purgeExpiredReports(ctx: Pick<TAppContext, 'db' | 'files'>, now = new Date()): Promise<number> {
  const expired = await ctx.db.select().from(businessReports).where(lte(businessReports.expiresAt, now));
  for (const report of expired) {
    for (const key of [report.xlsxKey, report.csvKey]) if (key) await ctx.files.delete(key);
  }
  if (expired.length) await ctx.db.delete(businessReports).where(lte(businessReports.expiresAt, now));
  return expired.length;
}
