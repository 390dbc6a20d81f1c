import type { TAvailabilityException } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { availabilityExceptions } from '../../db/schema/index.ts';

export function presentException(
  ctx: TAppContext,
  row: typeof availabilityExceptions.$inferSelect,
): TAvailabilityException {
  return {
    id: ctx.hashids.encode('availability_exception', row.id),
    date: row.onDate,
    kind: row.kind,
    start_minute: row.startMinute,
    end_minute: row.endMinute,
  };
}
