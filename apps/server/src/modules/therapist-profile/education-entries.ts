import { createHash } from 'node:crypto';
import { buildPath, type TEducationItem, THERAPIST_FILE_PATHS } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TEducation, TTherapistFileRow } from '../../db/schema/index.ts';

/** Entries saved before ids existed get one from their content, so it stays the same between reads. */
export const entryId = (entry: TEducation): string =>
  entry.id ??
  createHash('sha256').update(`${entry.title}|${entry.institution}|${entry.year}`).digest('hex').slice(0, 12);

export function presentEducation(
  ctx: TAppContext,
  entries: TEducation[],
  files: Map<number, TTherapistFileRow>,
): TEducationItem[] {
  return entries.map((entry) => {
    const file = entry.documentId ? files.get(entry.documentId) : undefined;
    return {
      id: entryId(entry),
      kind: entry.kind ?? 'degree',
      title: entry.title,
      institution: entry.institution,
      year: entry.year,
      document: file ? presentDocument(ctx, file) : null,
      verification: entry.verification ?? 'pending',
    };
  });
}

export function presentDocument(ctx: TAppContext, file: TTherapistFileRow) {
  const id = ctx.hashids.encode('therapist_file', file.id);
  return {
    id,
    name: file.name,
    content_type: file.contentType,
    size: file.size,
    url: buildPath(THERAPIST_FILE_PATHS.educationDocument, { id }),
  };
}
