import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { dataExports } from '../../db/schema/index.ts';

/**
 * Removes every archive of a user, files first, then rows: for account erasure, so no copy of
 * the erased client's data outlives them in the file store. A build still running for them
 * finds no row and writes nothing (build-data-export.ts reads its row first).
 */
export async function deleteDataExportsOf(ctx: Pick<TAppContext, 'db' | 'files'>, userId: number): Promise<number> {
  const rows = await ctx.db
    .select({ fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  for (const row of rows) if (row.fileKey) await ctx.files.delete(row.fileKey);
  await ctx.db.delete(dataExports).where(eq(dataExports.userId, userId));
  return rows.length;
}
