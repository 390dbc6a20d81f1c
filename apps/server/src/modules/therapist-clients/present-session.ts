import { type TTherapistSession, VIDEO_CONNECTED_TYPES } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TSlotRow } from '../../db/schema/index.ts';
import { momentIn } from './present-moment.ts';
import { correctableUntil, endOf, outcomeOf } from './session-outcome.ts';

const LABELS = new Map<string, string>(VIDEO_CONNECTED_TYPES.map((t) => [t.key, t.label]));

export type TPostSessionForm = { types: string[]; comment: string | null } | null;

/** One session as the therapist sees it, times in the therapist's zone. */
export function presentTherapistSession(
  ctx: Pick<TAppContext, 'hashids'>,
  slot: TSlotRow,
  form: TPostSessionForm,
  tz: string,
  now: Date,
): TTherapistSession {
  const until = correctableUntil(slot, now);
  return {
    slot_hashid: ctx.hashids.encode('slot', slot.id),
    starts_at: momentIn(slot.startsAt, tz),
    ends_at: endOf(slot).toISOString(),
    duration_min: slot.durationMin,
    therapy_type: slot.therapyType,
    status: slot.status,
    outcome: outcomeOf(slot),
    correctable_until: until?.toISOString() ?? null,
    post_session_form: form
      ? { types: form.types.map((key) => ({ key, label: LABELS.get(key) ?? key })), comment: form.comment }
      : null,
  };
}
