import { z } from 'zod';
import { ZDataExportParamsSchema, ZDataExportSchema, ZDataExportsResponseSchema } from '../data-export.ts';
import type { TRouteDef } from '../route-def.ts';

/**
 * «Скачать мои данные»: the client's archive of everything held about them. Open before consent:
 * a client who will not accept a new text still has the right to take their data.
 */
export const dataExportRoutes = {
  dataExports: {
    method: 'GET',
    path: '/api/v1/user/data_exports',
    summary: "The client's data archives, newest first: where each build stands, its link while ready",
    roles: ['client'],
    beforeConsent: true,
    response: ZDataExportsResponseSchema,
  },
  requestDataExport: {
    method: 'POST',
    path: '/api/v1/user/data_exports',
    summary:
      'Ask for an archive of all data held about the client (built in the background; the one already in the making is returned)',
    roles: ['client'],
    beforeConsent: true,
    response: ZDataExportSchema,
  },
  dataExportFile: {
    method: 'GET',
    path: '/api/v1/user/data_exports/:id/file',
    summary: 'Download a ready archive (ZIP) in its own client session; 410 once its 7 days have passed',
    errors: ['conflict', 'gone'],
    roles: ['client'],
    beforeConsent: true,
    params: ZDataExportParamsSchema,
    response: z.unknown().describe('the ZIP archive'),
  },
} as const satisfies Record<string, TRouteDef>;
