import { routes, type TVideoData } from '@therapy/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { auditLog, type TAuthSessionRow, type TSlotRow, type TUserRow, videoRatings } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { findClientVideoSlot, findTherapistVideoSlot, isClientOf } from './find-video-slot.ts';
import { iceServersFor } from './ice-servers.ts';
import { sessionBindingOf, signJoinToken } from './join-token.ts';
import { hasChatLines } from './signal/chat-store.ts';
import { participantsOf } from './slot-participants.ts';
import { deviceDetectionOf } from './video-participants.ts';
import { peerIdOf, roomOf, videoWindowOf } from './video-window.ts';

async function hasRated(ctx: TAppContext, slotId: number, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: videoRatings.id })
    .from(videoRatings)
    .where(and(eq(videoRatings.slotId, slotId), eq(videoRatings.userId, userId)));
  return Boolean(row);
}

/**
 * Video data of one session for one participant (spec §3): the room, a join token valid
 * until min(now + VIDEO_TOKEN_TTL_MINUTES, the room's close), ICE servers with this
 * participant's own TURN credentials, and the window in which the token opens the room.
 * The token is bound to the viewer's sign-in (`session`): it opens the room only with that
 * session's cookie, and not after a logout.
 */
export async function buildVideoData(
  ctx: TAppContext,
  o: { slot: TSlotRow; viewer: TUserRow; session: TAuthSessionRow; clientId: number; signalUrl: string; now: Date },
): Promise<TVideoData> {
  const { slot, viewer, now } = o;
  const role = viewer.role === 'therapist' ? 'therapist' : 'client';
  const slotHashid = ctx.hashids.encode('slot', slot.id);
  const uid = ctx.hashids.encode('user', viewer.id);
  const window = videoWindowOf(slot, ctx.config);
  const expiresAt = Math.min(now.getTime() + ctx.config.VIDEO_TOKEN_TTL_MINUTES * 60_000, window.closesAt.getTime());
  const [participants, chat] = await Promise.all([participantsOf(ctx, slot), hasChatLines(ctx, slot.id)]);
  const remote =
    role === 'therapist'
      ? participants.find((p) => p.userId === o.clientId)
      : participants.find((p) => p.role === 'therapist');

  return {
    id: slotHashid,
    session_at: window.startsAt.toISOString(),
    ends_at: window.endsAt.toISOString(),
    user_id: ctx.hashids.encode('user', o.clientId),
    peer_id: peerIdOf(role, uid),
    remote_peer_id: remote ? peerIdOf(remote.role, remote.uid) : null,
    rate_url: (role === 'therapist' ? routes.therapistVideoQuality : routes.clientVideoQuality).path,
    app_id: 'builtin',
    channel: roomOf(slotHashid),
    token: signJoinToken(ctx.config.VIDEO_TOKEN_SECRET, {
      slot: slotHashid,
      uid,
      slotId: slot.id,
      userId: viewer.id,
      role,
      exp: Math.floor(expiresAt / 1000),
      sess: sessionBindingOf(o.session.tokenHash),
      // What the room needs, so the join reads nothing first (join-token.ts).
      name: `${viewer.firstName} ${viewer.lastName}`.trim(),
      tz: viewer.tz,
      at: [window.startsAt, window.endsAt, window.opensAt, window.closesAt].map((d) => d.getTime()) as [
        number,
        number,
        number,
        number,
      ],
      chat,
    }),
    token_expires_at: new Date(Math.floor(expiresAt / 1000) * 1000).toISOString(),
    uid,
    device_detection_success: await deviceDetectionOf(ctx.db, slot.id, viewer.id),
    therapist_mode: role === 'therapist',
    therapy_type: slot.therapyType,
    opens_at: window.opensAt.toISOString(),
    closes_at: window.closesAt.toISOString(),
    participants: participants.map((p) => ({ uid: p.uid, name: p.name, role: p.role })),
    ice_servers: iceServersFor(ctx.config, uid, now),
    signal_url: o.signalUrl,
    feedbackFreshSlotHashid: (await hasRated(ctx, slot.id, viewer.id)) ? slotHashid : null,
  };
}

/**
 * The therapist's call box shows the session's time and its clients' names: a read of each client's data,
 * recorded once per therapist and session. The client page and the call ask again every minute for a fresh
 * join token; those repeats read nothing new and would bury the client's «Кто видел мои данные».
 */
async function auditCallRead(ctx: TAppContext, origin: TAuditOrigin, slot: TSlotRow): Promise<void> {
  const clients = [slot.clientId, slot.partnerClientId].filter((id): id is number => id !== null);
  const seen = await ctx.db
    .select({ subjectId: auditLog.subjectId })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.subjectId, clients),
        eq(auditLog.action, 'client_call'),
        origin.actorId === null ? isNull(auditLog.actorId) : eq(auditLog.actorId, origin.actorId),
        sql`${auditLog.details}->>'slot' = ${String(slot.id)}`,
      ),
    );
  const fresh = clients.filter((id) => !seen.some((row) => row.subjectId === id));
  await appendAudit(
    ctx.db,
    origin,
    fresh.map((subjectId) => ({ action: 'client_call', subjectId, details: { slot: slot.id } })),
  );
}

/** GET /api/v1/user/slot/videobox: the client's current or next session; 404 when there is none. */
export async function getClientVideoData(
  ctx: TAppContext,
  client: TUserRow,
  session: TAuthSessionRow,
  signalUrl: string,
  now = new Date(),
) {
  const slot = await findClientVideoSlot(ctx, client.id, now);
  if (!slot) throw new AppError('not_found', 'Нет предстоящих сессий');
  return buildVideoData(ctx, { slot, viewer: client, session, clientId: client.id, signalUrl, now });
}

/** GET /api/v1/therapist/users/:id/videobox: the therapist's current or next session with their client. */
export async function getTherapistVideoData(
  ctx: TAppContext,
  therapist: TUserRow,
  session: TAuthSessionRow,
  clientHashid: string,
  signalUrl: string,
  origin: TAuditOrigin,
  now = new Date(),
) {
  const clientId = ctx.hashids.decode('user', clientHashid);
  if (clientId === null || !(await isClientOf(ctx, therapist.id, clientId))) {
    throw new AppError('not_found', 'Клиент не найден');
  }
  const slot = await findTherapistVideoSlot(ctx, therapist.id, clientId, now);
  if (!slot) throw new AppError('not_found', 'Нет предстоящих сессий с этим клиентом');
  await auditCallRead(ctx, origin, slot);
  return buildVideoData(ctx, { slot, viewer: therapist, session, clientId, signalUrl, now });
}
