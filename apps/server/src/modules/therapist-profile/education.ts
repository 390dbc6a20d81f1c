import { randomBytes } from 'node:crypto';
import type { TEducationResponse, TEducationUpdate } from '@therapy/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TEducation, therapistFiles, therapists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { entryId, presentEducation } from './education-entries.ts';
import { loadTherapistRow } from './load-therapist-row.ts';

async function filesOf(ctx: TAppContext, userId: number, ids: number[]) {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(therapistFiles)
    .where(and(eq(therapistFiles.therapistUserId, userId), inArray(therapistFiles.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

const documentIds = (entries: TEducation[]) =>
  entries.flatMap((e) => (typeof e.documentId === 'number' ? [e.documentId] : []));

export async function getEducation(ctx: TAppContext, userId: number): Promise<TEducationResponse> {
  const { education } = await loadTherapistRow(ctx, userId);
  return { education: presentEducation(ctx, education, await filesOf(ctx, userId, documentIds(education))) };
}

const sameContent = (a: TEducation, b: Omit<TEducation, 'id' | 'verification'>) =>
  (a.kind ?? 'degree') === b.kind &&
  a.title === b.title &&
  a.institution === b.institution &&
  a.year === b.year &&
  (a.documentId ?? null) === (b.documentId ?? null);

/**
 * Replaces the list. A document must be one this therapist uploaded; an entry that is unchanged keeps its
 * verification, anything edited or new waits for staff again (`pending`).
 */
export async function saveEducation(
  ctx: TAppContext,
  userId: number,
  input: TEducationUpdate,
): Promise<TEducationResponse> {
  const entries = input.education;
  const row = await loadTherapistRow(ctx, userId);
  const wanted = entries.map((entry) =>
    entry.document_id === null ? null : ctx.hashids.decode('therapist_file', entry.document_id),
  );
  const files = await filesOf(
    ctx,
    userId,
    wanted.filter((id): id is number => id !== null),
  );
  const fields: Record<string, string> = {};
  entries.forEach((entry, index) => {
    const id = wanted[index];
    if (entry.document_id !== null && (id === null || id === undefined || !files.has(id))) {
      fields[`education.${index}.document_id`] = 'Документ не найден: загрузите его ещё раз';
    }
  });
  if (Object.keys(fields).length) throw new AppError('validation_failed', undefined, fields);

  const before = new Map(row.education.map((e) => [entryId(e), e]));
  const saved: TEducation[] = entries.map((entry, index) => {
    const content = {
      kind: entry.kind,
      title: entry.title,
      institution: entry.institution,
      year: entry.year,
      documentId: wanted[index] ?? null,
    };
    const previous = entry.id === undefined ? undefined : before.get(entry.id);
    if (previous && sameContent(previous, content)) {
      return { ...content, id: entryId(previous), verification: previous.verification ?? 'pending' };
    }
    return { ...content, id: randomBytes(6).toString('hex'), verification: 'pending' };
  });
  await ctx.db.update(therapists).set({ education: saved }).where(eq(therapists.userId, userId));
  return { education: presentEducation(ctx, saved, files) };
}
