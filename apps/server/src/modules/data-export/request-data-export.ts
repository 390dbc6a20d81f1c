import type { TDataExport } from '@therapy/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { dataExports, type TUserRow } from '../../db/schema/index.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { presentDataExport } from './present-data-export.ts';

const RUNNING = ['queued', 'building'];

async function runningExport(ctx: Pick<TAppContext, 'db'>, userId: number) {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, RUNNING)));
  return row ?? null;
}

/**
 * «Скачать мои данные»: records the request and schedules the build in one transaction, so the
 * archive exists exactly when its job does. One archive is in the making at a time per client
 * (a partial unique index): asking again meanwhile, even in a race, returns the one already running.
 */
export async function requestDataExport(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  client: TUserRow,
  now = new Date(),
): Promise<TDataExport> {
  const running = await runningExport(ctx, client.id);
  if (running) return presentDataExport(ctx.hashids, running, now);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(dataExports).values({ userId: client.id, createdAt: now }).returning();
      if (!inserted) throw new Error('data export not inserted');
      await scheduleJob(tx, {
        kind: 'privacy.build_data_export',
        dedupeKey: `data-export:${inserted.id}`,
        payload: { export_id: inserted.id },
      });
      return inserted;
    });
    return presentDataExport(ctx.hashids, row, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await runningExport(ctx, client.id);
    if (!winner) throw error;
    return presentDataExport(ctx.hashids, winner, now);
  }
}
