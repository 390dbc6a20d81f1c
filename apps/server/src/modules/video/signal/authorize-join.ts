import { DateTime } from 'luxon';
import type { TAppContext } from '../../../context.ts';
import { safeEqual } from '../../../lib/tokens.ts';
import { sessionBindingOf, verifyJoinToken } from '../join-token.ts';
import { takesPart } from '../load-participant-slot.ts';
import { peerIdOf, roomOf, videoWindowOf, windowPosition } from '../video-window.ts';
import type { TJoinBatches } from './join-batches.ts';
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

/** `hasChat`: the session's chat had lines when the join was checked (else its history need not be read). */
export type TJoinDecision =
  | { ok: true; participant: TParticipant; hasChat: boolean }
  | { ok: false; failure: TSignalFailure };

const refuse = (failure: TSignalFailure): TJoinDecision => ({ ok: false, failure });

/**
 * Opens a session's room only for a genuine, unexpired token of one of its participants
 * (its therapist, its client, the couple's partner), presented with the live sign-in it was
 * minted for (the socket's session cookie, `sessionKey` its sha256), while the session is booked and its room is open.
 * The room comes from the token itself, so a token never opens another room.
 *
 * What it costs: the token's HMAC, then two statements shared with every other join read in the same turn of the
 * event loop: the sign-in's row touched (it must still be live: a logout or expiry since the token was minted
 * refuses it), and the session with its people read (a session cancelled or completed since is refused). The
 * socket's upgrade does no lookup of its own (`sessionLookup: 'key-only'`); a joined socket rechecks its sign-in
 * every VIDEO_SESSION_CHECK_SECONDS.
 */
export async function authorizeJoin(
  ctx: TAppContext,
  batches: TJoinBatches,
  token: string,
  now: Date,
  sessionKey: string | null,
): Promise<TJoinDecision> {
  const check = verifyJoinToken(ctx.config.VIDEO_TOKEN_SECRET, token, now);
  if (!check.ok) return refuse(signalFailure(check.reason === 'expired' ? 'token_expired' : 'invalid_token'));
  const { claims } = check;
  const slotId = ctx.hashids.decode('slot', claims.slot);
  const userId = ctx.hashids.decode('user', claims.uid);
  if (slotId === null || userId === null) return refuse(signalFailure('invalid_token'));
  // A token alone is not enough: it must come with the cookie of the sign-in it was handed to.
  if (!sessionKey) return refuse(signalFailure('signed_out'));
  if (!safeEqual(claims.sess, sessionBindingOf(sessionKey))) {
    return refuse(signalFailure('signed_out', 'Эта ссылка на видеосессию выдана другому входу. Обновите страницу'));
  }
  // The sign-in is still there (not logged out, not expired), and the session and the person as they are now.
  const [alive, row] = await Promise.all([
    batches.sessionAlive(sessionKey, userId),
    batches.participant(slotId, userId),
  ]);
  if (!alive) return refuse(signalFailure('signed_out'));
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
    hasChat: row?.hasChat ?? true,
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
