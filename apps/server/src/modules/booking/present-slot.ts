import type { TClientSlot } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import { localParts, zoneOrDefault } from '../../lib/time.ts';
import { cancelPolicyOf } from './cancel-policy.ts';
import type { TSlotWithTherapist } from './load-client-slot.ts';

/** What the client's view of a session is made of (a whole TSlotWithTherapist does too). */
type TPresentedSlot = {
  slot: Pick<
    TSlotWithTherapist['slot'],
    'id' | 'status' | 'therapyType' | 'startsAt' | 'durationMin' | 'holdExpiresAt'
  >;
  therapist: Pick<TSlotWithTherapist['therapist'], 'id' | 'firstName' | 'lastName' | 'avatarThumb'>;
  rated: boolean;
};

/** A session as the client sees it: ids as hashids, times in the client's zone, what they may do now. */
export function presentClientSlot(
  ctx: TAppContext,
  { slot, therapist, rated }: TPresentedSlot,
  clientTz: string,
  now = new Date(),
): TClientSlot {
  const tz = zoneOrDefault(clientTz);
  const { date, time, label } = localParts(slot.startsAt, tz);
  const policy = cancelPolicyOf(slot, tz, now);
  return {
    id: ctx.hashids.encode('slot', slot.id),
    status: slot.status,
    therapy_type: slot.therapyType,
    therapist: {
      id: ctx.hashids.encode('user', therapist.id),
      first_name: therapist.firstName,
      last_name: therapist.lastName,
      avatar_thumb: therapist.avatarThumb,
    },
    starts_at: slot.startsAt.toISOString(),
    ends_at: new Date(slot.startsAt.getTime() + slot.durationMin * 60_000).toISOString(),
    duration_min: slot.durationMin,
    tz,
    date,
    time,
    starts_at_label: label,
    hold_expires_at: slot.status === 'held' ? (slot.holdExpiresAt?.toISOString() ?? null) : null,
    can_cancel: policy.can_cancel,
    can_reschedule: policy.can_reschedule,
    cancel_policy: policy,
    // A session that took place waits for the client's rating until they give one (the popup may have been lost).
    can_rate: slot.status === 'completed' && !rated,
  };
}
