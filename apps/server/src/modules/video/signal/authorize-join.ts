import { DateTime } from 'luxon';
import type { TAppContext } from '../../../context.ts';
import { safeEqual } from '../../../lib/tokens.ts';
import { sessionBindingOf, verifyJoinToken } from '../join-token.ts';
import { takesPart } from '../load-participant-slot.ts';
import { peerIdOf, roomOf, type TVideoWindow, videoWindowOf, windowPosition } from '../video-window.ts';
import type { TJoinBatches } from './join-batches.ts';
import { sessionLive } from './session-alive.ts';
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

/** The session's row read again beside the join: still booked with this person in it, and whether its chat has lines. */
export type TRecheck = { ok: true; hasChat: boolean } | { ok: false; failure: TSignalFailure };

/**
 * `chatAtMint`: the session's chat had lines when the token was minted (its history is read before `joined`).
 * `recheck` reads the session's row (batched with the other joins); a refusal from it closes the socket.
 */
export type TJoinDecision =
  | { ok: true; participant: TParticipant; chatAtMint: boolean; recheck: () => Promise<TRecheck> }
  | { ok: false; failure: TSignalFailure };

const refuse = (failure: TSignalFailure): { ok: false; failure: TSignalFailure } => ({ ok: false, failure });

function windowRefusal(window: TVideoWindow, now: Date, tz: string): TSignalFailure | null {
  const position = windowPosition(window, now);
  if (position === 'too_early') {
    const opens = DateTime.fromJSDate(window.opensAt).setZone(tz).toFormat("dd.MM.yyyy 'в' HH:mm");
    return signalFailure('too_early', `Сессия ещё не началась: подключиться можно с ${opens}`);
  }
  if (position === 'too_late') return signalFailure('too_late');
  return null;
}

/**
 * Opens a session's room only for a genuine, unexpired token of one of its participants, presented with the live
 * sign-in it was minted for (the socket's session cookie, `sessionKey` its sha256), inside the room's window.
 * The room comes from the token itself, so a token never opens another room.
 *
 * What it costs before `joined`: opening the token's seal (AES-GCM, a few microseconds) and the sign-in from the session cache; no database statement
 * when the cache holds the sign-in (with PostgreSQL and no Redis there is no shared cache: one batched statement).
 * The token carries what the room needs as it was at minting (the person's name, the window, whether the chat had
 * lines); the server mints tokens only for participants of a booked session. `recheck` reads the session again
 * beside the join (one statement shared by the joins of a burst): a session cancelled, completed or moved since the
 * token was minted, or a person no longer in it, is refused and the socket closed.
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
  // Serial ids from the sealed token: no hashid to decode.
  const { slotId, userId } = claims;
  // A token alone is not enough: it must come with the cookie of the sign-in it was handed to.
  if (!sessionKey) return refuse(signalFailure('signed_out'));
  if (!safeEqual(claims.sess, sessionBindingOf(sessionKey))) {
    return refuse(signalFailure('signed_out', 'Эта ссылка на видеосессию выдана другому входу. Обновите страницу'));
  }
  // The sign-in is still there (not logged out, not expired).
  if (!(await sessionLive(ctx, batches, sessionKey, userId, now, 'behind'))) return refuse(signalFailure('signed_out'));
  const [startsAt, endsAt, opensAt, closesAt] = claims.at.map((ms) => new Date(ms)) as [Date, Date, Date, Date];
  const refusal = windowRefusal({ startsAt, endsAt, opensAt, closesAt }, now, claims.tz);
  if (refusal) return refuse(refusal);

  const recheck = async (): Promise<TRecheck> => {
    const row = await batches.participant(slotId, userId);
    const { slot, user } = row ?? {};
    if (!slot || !user || user.role !== claims.role || !takesPart(slot, userId, claims.role)) {
      return refuse(signalFailure('not_participant'));
    }
    if (slot.status === 'completed') return refuse(signalFailure('session_ended'));
    if (slot.status !== 'booked') return refuse(signalFailure('session_unavailable'));
    const moved = windowRefusal(videoWindowOf(slot, ctx.config), new Date(), user.tz);
    if (moved) return refuse(moved);
    return { ok: true, hasChat: row?.hasChat ?? true };
  };

  return {
    ok: true,
    chatAtMint: claims.chat,
    recheck,
    participant: {
      slotId,
      slotHashid: claims.slot,
      room: roomOf(claims.slot),
      userId,
      uid: claims.uid,
      peerId: peerIdOf(claims.role, claims.uid),
      role: claims.role,
      name: claims.name,
      endsAt,
      closesAt,
    },
  };
}
