import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TAppContext } from '../../../context.ts';
import { slots, users } from '../../../db/schema/index.ts';
import { safeEqual } from '../../../lib/tokens.ts';
import { sessionBindingOf, verifyJoinToken } from '../join-token.ts';
import { takesPart } from '../load-participant-slot.ts';
import { peerIdOf, roomOf, videoWindowOf, windowPosition } from '../video-window.ts';
import { keepSessionAlive, type TSocketSession } from './session-alive.ts';
import { signalFailure, type TSignalFailure } from './signal-errors.ts';

/** Who is on a socket once its join token was accepted. */
export type TParticipant = {
  slotId: number;
  slotHashid: string;
  room: string;
  userId: number;
  uid: string;
  peerId: string;
  role: 'client' | 'therapist';
  name: string;
  endsAt: Date;
  closesAt: Date;
};

export type TJoinDecision = { ok: true; participant: TParticipant } | { ok: false; failure: TSignalFailure };

const refuse = (failure: TSignalFailure): TJoinDecision => ({ ok: false, failure });

/**
 * Opens a session's room only for a genuine, unexpired token of one of its participants
 * (its therapist, its client, the couple's partner), presented with the live sign-in it was
 * minted for (the socket's session cookie), while the session is booked and its room is open.
 * The room comes from the token itself, so a token never opens another room.
 */
export async function authorizeJoin(
  ctx: TAppContext,
  token: string,
  now: Date,
  session: TSocketSession | null,
): Promise<TJoinDecision> {
  const check = verifyJoinToken(ctx.config.VIDEO_TOKEN_SECRET, token, now);
  if (!check.ok) return refuse(signalFailure(check.reason === 'expired' ? 'token_expired' : 'invalid_token'));
  const { claims } = check;
  const slotId = ctx.hashids.decode('slot', claims.slot);
  const userId = ctx.hashids.decode('user', claims.uid);
  if (slotId === null || userId === null) return refuse(signalFailure('invalid_token'));
  // A token alone is not enough: it must come with the cookie of the sign-in it was handed to.
  if (!session) return refuse(signalFailure('signed_out'));
  if (session.userId !== userId || !safeEqual(claims.sess, sessionBindingOf(session.tokenHash))) {
    return refuse(signalFailure('signed_out', 'Эта ссылка на видеосессию выдана другому входу. Обновите страницу'));
  }
  if (!(await keepSessionAlive(ctx, session, now))) return refuse(signalFailure('signed_out'));

  const [row] = await ctx.db
    .select({ slot: slots, user: users })
    .from(slots)
    .innerJoin(users, eq(users.id, userId))
    .where(eq(slots.id, slotId));
  const { slot, user } = row ?? {};
  if (!slot || !user || user.role !== claims.role || !takesPart(slot, userId, claims.role)) {
    return refuse(signalFailure('not_participant'));
  }
  if (slot.status === 'completed') return refuse(signalFailure('session_ended'));
  if (slot.status !== 'booked') return refuse(signalFailure('session_unavailable'));

  const window = videoWindowOf(slot, ctx.config);
  const position = windowPosition(window, now);
  if (position === 'too_early') {
    const opens = DateTime.fromJSDate(window.opensAt).setZone(user.tz).toFormat("dd.MM.yyyy 'в' HH:mm");
    return refuse(signalFailure('too_early', `Сессия ещё не началась: подключиться можно с ${opens}`));
  }
  if (position === 'too_late') return refuse(signalFailure('too_late'));

  return {
    ok: true,
    participant: {
      slotId,
      slotHashid: claims.slot,
      room: roomOf(claims.slot),
      userId,
      uid: claims.uid,
      peerId: peerIdOf(claims.role, claims.uid),
      role: claims.role,
      name: `${user.firstName} ${user.lastName}`.trim(),
      endsAt: window.endsAt,
      closesAt: window.closesAt,
    },
  };
}
