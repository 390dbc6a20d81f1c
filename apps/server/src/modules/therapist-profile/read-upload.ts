import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

export type TUpload = { name: string; data: Buffer };

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * The one file of a multipart request (field `file`), read whole within `maxBytes`. Everything a
 * caller can get wrong is a per-field error on `file`.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<TUpload> {
  const refuse = (message: string) => new AppError('validation_failed', undefined, { file: message });
  if (!request.isMultipart()) throw refuse('Прикрепите файл');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes } });
  } catch {
    throw refuse('Не удалось прочитать файл, попробуйте ещё раз');
  }
  if (part?.fieldname !== 'file') throw refuse('Прикрепите файл');
  try {
    const data = await part.toBuffer();
    if (data.length === 0) throw refuse('Файл пустой');
    return { name: part.filename, data };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw refuse(`Файл больше ${megabytes(maxBytes)} МБ`);
    }
    throw refuse('Не удалось прочитать файл, попробуйте ещё раз');
  }
}

/** The type a file really is, from its first bytes (a name or a browser's word proves nothing). */
export function sniffType(data: Buffer): string | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}
