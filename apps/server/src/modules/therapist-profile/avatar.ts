import { AVATAR_MAX_BYTES, AVATAR_SIZES, type TAvatarResponse } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { therapists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { randomFileName } from '../../lib/file-store.ts';
import { loadTherapistRow } from './load-therapist-row.ts';
import { readUpload, sniffType } from './read-upload.ts';

export const AVATAR_URL_PREFIX = '/files/avatars/';

/** A square WebP of the photo, turned upright by its EXIF and cropped to the centre. */
const square = async (data: Buffer, size: number) => {
  // sharp (a native library) is loaded by the first upload, not at start.
  const { default: sharp } = await import('sharp');
  return sharp(data, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(size, size, { fit: 'cover' })
    .webp({ quality: 82 })
    .toBuffer();
};

/**
 * Makes both avatar sizes from one photo on the server and stores them; the old files go once the
 * new ones are in place. Avatars are public (clients see them on therapist cards).
 */
export async function uploadAvatar(
  ctx: TAppContext,
  userId: number,
  request: FastifyRequest,
): Promise<TAvatarResponse> {
  const row = await loadTherapistRow(ctx, userId);
  const upload = await readUpload(request, AVATAR_MAX_BYTES);
  const type = sniffType(upload.data);
  if (!type?.startsWith('image/')) {
    throw new AppError('validation_failed', undefined, { file: 'Подойдёт фотография в JPEG, PNG или WebP' });
  }
  let images: [Buffer, Buffer];
  try {
    images = await Promise.all([
      square(upload.data, AVATAR_SIZES.avatar_thumb),
      square(upload.data, AVATAR_SIZES.avatar_large),
    ]);
  } catch {
    throw new AppError('validation_failed', undefined, { file: 'Не удалось прочитать изображение' });
  }
  const base = randomFileName('x').replace(/\.x$/, '');
  const names = { avatar_thumb: `${base}-thumb.webp`, avatar_large: `${base}-large.webp` };
  await ctx.files.put(`avatars/${names.avatar_thumb}`, images[0]);
  await ctx.files.put(`avatars/${names.avatar_large}`, images[1]);
  const urls = {
    avatar_thumb: AVATAR_URL_PREFIX + names.avatar_thumb,
    avatar_large: AVATAR_URL_PREFIX + names.avatar_large,
  };
  await ctx.db
    .update(therapists)
    .set({ avatarThumb: urls.avatar_thumb, avatarLarge: urls.avatar_large })
    .where(eq(therapists.userId, userId));
  for (const old of [row.avatarThumb, row.avatarLarge]) {
    if (old?.startsWith(AVATAR_URL_PREFIX)) await ctx.files.delete(`avatars/${old.slice(AVATAR_URL_PREFIX.length)}`);
  }
  return urls;
}

const AVATAR_NAME = /^[a-f0-9]{24}-(thumb|large)\.webp$/;

export async function openAvatar(ctx: TAppContext, name: string) {
  const file = AVATAR_NAME.test(name) ? await ctx.files.get(`avatars/${name}`) : null;
  if (!file) throw new AppError('not_found', 'Фотография не найдена');
  return file;
}
