import { EDUCATION_DOCUMENT_MAX_BYTES, type TEducationDocument } from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { therapistFiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { randomFileName } from '../../lib/file-store.ts';
import { presentDocument } from './education-entries.ts';
import { loadTherapistRow } from './load-therapist-row.ts';
import { readUpload, sniffType } from './read-upload.ts';

const EXTENSION: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Stores one document in the file store (outside the web root) and records whose it is. */
export async function uploadEducationDocument(
  ctx: TAppContext,
  userId: number,
  request: FastifyRequest,
): Promise<TEducationDocument> {
  await loadTherapistRow(ctx, userId);
  const upload = await readUpload(request, EDUCATION_DOCUMENT_MAX_BYTES);
  const contentType = sniffType(upload.data);
  const extension = contentType ? EXTENSION[contentType] : undefined;
  if (!contentType || !extension) {
    throw new AppError('validation_failed', undefined, { file: 'Подойдёт PDF или изображение (JPEG, PNG, WebP)' });
  }
  const key = `education/${userId}/${randomFileName(extension)}`;
  const { size } = await ctx.files.put(key, upload.data);
  const name = upload.name.replace(/[\r\n"\\/]/g, '_').slice(0, 200) || `document.${extension}`;
  const [row] = await ctx.db
    .insert(therapistFiles)
    .values({ therapistUserId: userId, key, name, contentType, size })
    .returning();
  if (!row) throw new Error('therapist file insert returned nothing');
  return presentDocument(ctx, row);
}

/** The document for its own therapist; anyone else's id is not found (404), never forbidden. */
export async function openEducationDocument(ctx: TAppContext, userId: number, hashid: string) {
  const id = ctx.hashids.decode('therapist_file', hashid);
  const [row] =
    id === null
      ? []
      : await ctx.db
          .select()
          .from(therapistFiles)
          .where(and(eq(therapistFiles.id, id), eq(therapistFiles.therapistUserId, userId)))
          .limit(1);
  const file = row ? await ctx.files.get(row.key) : null;
  if (!row || !file) throw new AppError('not_found', 'Документ не найден');
  return { row, ...file };
}
