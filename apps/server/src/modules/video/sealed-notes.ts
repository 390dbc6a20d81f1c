import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { videoConnectionReports, videoEvents } from '../../db/schema/index.ts';
import { isSealed, openText, rewrapSealed, sealText, type TNotesKeyring } from '../../lib/notes-crypto.ts';

/** A post-session form as the therapist filled it in. */
export type TPostSessionFormContent = { types: string[]; comment: string | null };

const formAad = (slotId: number) => `video_connection_reports:${slotId}`;
const eventAad = (slotId: number, userId: number) => `video_events:${slotId}:${userId}`;

export const sealForm = (keyring: TNotesKeyring, slotId: number, form: TPostSessionFormContent): string =>
  sealText(keyring, JSON.stringify({ types: form.types, comment: form.comment }), formAad(slotId));

/** The form of a stored row: opened from `sealed_form`, or the plain columns of a row not yet sealed. */
export function openForm(
  keyring: TNotesKeyring,
  row: { slotId: number; sealedForm: string | null; types: string[] | null; comment: string | null },
): TPostSessionFormContent | null {
  if (row.sealedForm) {
    const form = JSON.parse(openText(keyring, row.sealedForm, formAad(row.slotId))) as TPostSessionFormContent;
    return { types: form.types, comment: form.comment ?? null };
  }
  return row.types ? { types: row.types, comment: row.comment } : null;
}

/** A therapist's note or event text, sealed for its session and author. */
export const sealEventMessage = (keyring: TNotesKeyring, slotId: number, userId: number, message: string): string =>
  sealText(keyring, message, eventAad(slotId, userId));

export const openEventMessage = (
  keyring: TNotesKeyring,
  row: { slotId: number; userId: number; message: string | null },
): string | null =>
  row.message !== null && isSealed(row.message)
    ? openText(keyring, row.message, eventAad(row.slotId, row.userId))
    : row.message;

const BATCH = 500;

type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** Loads rows until none are left, writing each batch in one transaction; how many rows were written. */
async function inBatches<TRow>(
  db: TDb,
  load: () => Promise<TRow[]>,
  write: (tx: TTx, row: TRow) => Promise<unknown>,
): Promise<number> {
  let written = 0;
  for (;;) {
    const rows = await load();
    if (rows.length === 0) return written;
    await db.transaction(async (tx) => {
      for (const row of rows) await write(tx, row);
    });
    written += rows.length;
  }
}

/**
 * Seals what was stored in clear before encryption (post-session forms' types and comment, the
 * therapists' event texts) and clears the clear columns. Run at every start; a no-op once done.
 */
export async function sealPlaintextNotes(db: TDb, keyring: TNotesKeyring): Promise<{ forms: number; events: number }> {
  const forms = await inBatches(
    db,
    () =>
      db
        .select()
        .from(videoConnectionReports)
        .where(and(isNull(videoConnectionReports.sealedForm), isNotNull(videoConnectionReports.types)))
        .limit(BATCH),
    (tx, row) =>
      tx
        .update(videoConnectionReports)
        .set({
          sealedForm: sealForm(keyring, row.slotId, { types: row.types ?? [], comment: row.comment }),
          types: null,
          comment: null,
        })
        .where(eq(videoConnectionReports.slotId, row.slotId)),
  );
  const events = await inBatches(
    db,
    () =>
      eventRows(db)
        .where(
          and(
            eq(videoEvents.source, 'therapist_analytics'),
            isNotNull(videoEvents.message),
            sql`${videoEvents.message} not like 'nk1.%'`,
          ),
        )
        .limit(BATCH),
    (tx, row) =>
      tx
        .update(videoEvents)
        .set({ message: sealEventMessage(keyring, row.slotId, row.userId, row.message ?? '') })
        .where(eq(videoEvents.id, row.id)),
  );
  return { forms, events };
}

const eventRows = (db: TDb) =>
  db
    .select({
      id: videoEvents.id,
      slotId: videoEvents.slotId,
      userId: videoEvents.userId,
      message: videoEvents.message,
    })
    .from(videoEvents);

/**
 * Key rotation: every sealed note not wrapped by the current master key gets its data key
 * re-wrapped under it (the previous key must be in the keyring to open it). The encrypted texts
 * are kept byte for byte. Returns how many values were re-wrapped.
 */
export async function rewrapNotes(db: TDb, keyring: TNotesKeyring): Promise<{ forms: number; events: number }> {
  // `_` may occur in a key id and is a LIKE wildcard: escaped.
  const current = `nk1.${keyring.current.id.replaceAll('_', '\\_')}.%`;
  const forms = await inBatches(
    db,
    () =>
      db
        .select({ slotId: videoConnectionReports.slotId, sealedForm: videoConnectionReports.sealedForm })
        .from(videoConnectionReports)
        .where(
          and(
            isNotNull(videoConnectionReports.sealedForm),
            sql`${videoConnectionReports.sealedForm} not like ${current}`,
          ),
        )
        .limit(BATCH),
    (tx, row) =>
      tx
        .update(videoConnectionReports)
        .set({ sealedForm: rewrapSealed(keyring, row.sealedForm ?? '', formAad(row.slotId)) })
        .where(eq(videoConnectionReports.slotId, row.slotId)),
  );
  const events = await inBatches(
    db,
    () =>
      eventRows(db)
        .where(and(sql`${videoEvents.message} like 'nk1.%'`, sql`${videoEvents.message} not like ${current}`))
        .limit(BATCH),
    (tx, row) =>
      tx
        .update(videoEvents)
        .set({ message: rewrapSealed(keyring, row.message ?? '', eventAad(row.slotId, row.userId)) })
        .where(eq(videoEvents.id, row.id)),
  );
  return { forms, events };
}
