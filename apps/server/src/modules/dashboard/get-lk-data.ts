import type { TLkData } from '@therapy/contract';
import { freeCancelUntil } from '@therapy/contract/rules';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { loadDashboard, type TDashboardRow } from './load-dashboard.ts';

/** lk_data from the dashboard's one statement (lk_widgets reads the same row). */
export function presentLkData(ctx: TAppContext, user: TUserRow, row: TDashboardRow): TLkData {
  const therapist =
    row.therapist_id !== null
      ? {
          id: ctx.hashids.encode('user', row.therapist_id),
          first_name: row.therapist_first_name ?? '',
          last_name: row.therapist_last_name ?? '',
          userpic_url: row.therapist_avatar,
        }
      : null;
  const current = row.passes[0];
  const nextStart = row.next_starts_at;
  return {
    first_name: user.firstName,
    tz: user.tz,
    signed_up: user.signedUp,
    completed_sessions_count: row.completed,
    upcoming_sessions_count: row.upcoming,
    next_session:
      row.next_id !== null && nextStart && therapist
        ? {
            id: ctx.hashids.encode('slot', row.next_id),
            starts_at: nextStart.toISOString(),
            ends_at: new Date(nextStart.getTime() + (row.next_duration_min ?? 0) * 60_000).toISOString(),
            therapy_type: row.next_therapy_type ?? 'single',
            therapist,
            // The room opens a little before the start (video config), so both sides can check their devices.
            join_opens_at: new Date(nextStart.getTime() - ctx.config.VIDEO_JOIN_EARLY_MINUTES * 60_000).toISOString(),
            free_cancel_until: freeCancelUntil(nextStart).toISOString(),
          }
        : null,
    therapist,
    pass: current
      ? {
          id: ctx.hashids.encode('client_pass', current.id),
          status: current.status,
          therapy_type: current.therapy_type,
          sessions_total: current.sessions_total,
          sessions_left: current.sessions_left,
          expires_at: current.expires_at ? new Date(current.expires_at).toISOString() : null,
        }
      : null,
    sessions_left: row.passes.reduce((sum, p) => sum + p.sessions_left, 0),
    employer: row.employer !== null ? { business_name: row.employer, covers_sessions: true } : null,
  };
}

export async function getLkData(ctx: TAppContext, user: TUserRow, now = new Date()): Promise<TLkData> {
  return presentLkData(ctx, user, await loadDashboard(ctx, user.id, now));
}
