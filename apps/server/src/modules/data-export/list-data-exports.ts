import type { TDataExportsResponse } from '@therapy/contract';
import { desc, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { dataExports, type TUserRow } from '../../db/schema/index.ts';
import { presentDataExport } from './present-data-export.ts';

/** The page shows the latest few; older expired ones only say the same thing again. */
const LIST_LIMIT = 10;

export async function listDataExports(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  client: TUserRow,
  now = new Date(),
): Promise<TDataExportsResponse> {
  const rows = await ctx.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, client.id))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(LIST_LIMIT);
  return { exports: rows.map((row) => presentDataExport(ctx.hashids, row, now)) };
}
