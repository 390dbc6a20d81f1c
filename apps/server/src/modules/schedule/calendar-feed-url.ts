import type { TCalendarFeed } from '@therapy/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { therapists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { randomToken } from '../../lib/tokens.ts';

function present(ctx: TAppContext, token: string): TCalendarFeed {
  const url = `${publicBaseUrl(ctx.config)}/api/v1/calendar/${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}

/** GET /api/v1/therapist/schedule/calendar_feed: the feed URL, its token made on the first read. */
export async function getCalendarFeedUrl(ctx: TAppContext, user: TUserRow): Promise<TCalendarFeed> {
  const [row] = await ctx.db
    .select({ token: therapists.calendarFeedToken })
    .from(therapists)
    .where(eq(therapists.userId, user.id));
  if (!row) throw new AppError('not_found', 'Профиль психолога не найден');
  if (row.token) return present(ctx, row.token);
  // Two first reads at once: only one sets the token, the other reads it back.
  await ctx.db
    .update(therapists)
    .set({ calendarFeedToken: randomToken() })
    .where(and(eq(therapists.userId, user.id), isNull(therapists.calendarFeedToken)));
  const [made] = await ctx.db
    .select({ token: therapists.calendarFeedToken })
    .from(therapists)
    .where(eq(therapists.userId, user.id));
  if (!made?.token) throw new Error('calendar feed token not stored');
  return present(ctx, made.token);
}

/** POST /api/v1/therapist/schedule/calendar_feed/reset: a new token; the old URL answers 404 at once. */
export async function resetCalendarFeedUrl(ctx: TAppContext, user: TUserRow): Promise<TCalendarFeed> {
  const token = randomToken();
  const updated = await ctx.db
    .update(therapists)
    .set({ calendarFeedToken: token })
    .where(eq(therapists.userId, user.id))
    .returning({ id: therapists.userId });
  if (updated.length === 0) throw new AppError('not_found', 'Профиль психолога не найден');
  return present(ctx, token);
}
