import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TSlotRow } from '../../db/schema/index.ts';
import { videoParticipants } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';

/** Stores the device check outcome: the video data's `device_detection_success` for this person and session. */
export async function recordDeviceCheck(db: TExecutor, slotId: number, userId: number, success: boolean, at: Date) {
  await db
    .insert(videoParticipants)
    .values({ slotId, userId, deviceDetectionSuccess: success, deviceCheckedAt: at })
    .onConflictDoUpdate({
      target: [videoParticipants.slotId, videoParticipants.userId],
      set: { deviceDetectionSuccess: success, deviceCheckedAt: at },
    });
}

export async function deviceDetectionOf(db: TExecutor, slotId: number, userId: number): Promise<boolean | null> {
  const [row] = await db
    .select({ success: videoParticipants.deviceDetectionSuccess })
    .from(videoParticipants)
    .where(and(eq(videoParticipants.slotId, slotId), eq(videoParticipants.userId, userId)));
  return row?.success ?? null;
}

/** Notes that the person entered the room (the first time is kept). */
export async function recordJoin(db: TExecutor, slotId: number, userId: number, at: Date) {
  await db
    .insert(videoParticipants)
    .values({ slotId, userId, firstJoinedAt: at, lastJoinedAt: at })
    .onConflictDoUpdate({
      target: [videoParticipants.slotId, videoParticipants.userId],
      set: {
        firstJoinedAt: sql`coalesce(${videoParticipants.firstJoinedAt}, excluded.first_joined_at)`,
        lastJoinedAt: at,
      },
    });
}

/** Who of a session's people has been in its room: the therapist, and any of its clients. */
export async function whoJoined(db: TExecutor, slot: TSlotRow): Promise<{ therapist: boolean; client: boolean }> {
  const clientIds = [slot.clientId, ...(slot.partnerClientId ? [slot.partnerClientId] : [])];
  const rows = await db
    .select({ userId: videoParticipants.userId })
    .from(videoParticipants)
    .where(
      and(
        eq(videoParticipants.slotId, slot.id),
        inArray(videoParticipants.userId, [slot.therapistId, ...clientIds]),
        isNotNull(videoParticipants.firstJoinedAt),
      ),
    );
  const joined = new Set(rows.map((row) => row.userId));
  return { therapist: joined.has(slot.therapistId), client: clientIds.some((id) => joined.has(id)) };
}

/** A session took place once its therapist and at least one of its clients have been in the room. */
export async function sessionWasHeld(db: TExecutor, slot: TSlotRow): Promise<boolean> {
  const joined = await whoJoined(db, slot);
  return joined.therapist && joined.client;
}
