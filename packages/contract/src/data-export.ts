import { z } from 'zod';
import { ZInstantSchema } from './instant.ts';

/** How long a ready archive can be downloaded; then its file is deleted. */
export const DATA_EXPORT_TTL_DAYS = 7;

/**
 * queued: waiting for the worker; building: the archive is being written; ready: downloadable until
 * `expires_at`; expired: past its 7 days, the file deleted; failed: the build gave up (ask again).
 */
export const ZDataExportStatusSchema = z.enum(['queued', 'building', 'ready', 'expired', 'failed']);
export type TDataExportStatus = z.infer<typeof ZDataExportStatusSchema>;

/** One «Скачать мои данные» archive as its client sees it. */
export const ZDataExportSchema = z.object({
  id: z.string(),
  status: ZDataExportStatusSchema,
  /** 0–100 while building. */
  progress: z.number().int().min(0).max(100),
  created_at: ZInstantSchema,
  ready_at: ZInstantSchema.nullable(),
  /** Until when the archive can be downloaded (null until it is ready). */
  expires_at: ZInstantSchema.nullable(),
  size_bytes: z.number().int().nonnegative().nullable(),
  /** Only while ready: opens in the client's own signed-in session only. */
  download_url: z.string().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExportSchema>;

/** GET /api/v1/user/data_exports: the client's archives, newest first. */
export const ZDataExportsResponseSchema = z.object({ exports: z.array(ZDataExportSchema) });
export type TDataExportsResponse = z.infer<typeof ZDataExportsResponseSchema>;

export const ZDataExportParamsSchema = z.object({ id: z.string().min(1).max(32) });
