import { routes, THERAPIST_FILE_PATHS } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { addRoute } from '../../lib/route.ts';
import { openAvatar, uploadAvatar } from './avatar.ts';
import { getEducation, saveEducation } from './education.ts';
import { openEducationDocument, uploadEducationDocument } from './education-documents.ts';
import { getGenom, saveGenom } from './genom.ts';
import { dismissGenomAlert, getGenomAlert } from './genom-alert.ts';
import { saveProfile } from './profile.ts';

// Uploads are checked by their own code (multipart has no JSON body); a small limit keeps a busy uploader in check.
const UPLOAD_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

export async function therapistProfileRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.therapistGenom, (request) => getGenom(ctx, request.user.id));
  addRoute(app, routes.therapistGenomSave, (request) => saveGenom(ctx, request.user.id, request.body));
  addRoute(app, routes.therapistGenomAlert, (request) => getGenomAlert(ctx, request.user.id));
  addRoute(app, routes.therapistGenomAlertDismiss, (request) => dismissGenomAlert(ctx, request.user.id));
  addRoute(app, routes.therapistEducation, (request) => getEducation(ctx, request.user.id));
  addRoute(app, routes.therapistEducationSave, (request) => saveEducation(ctx, request.user.id, request.body));
  addRoute(
    app,
    routes.therapistEducationDocumentUpload,
    (request) => uploadEducationDocument(ctx, request.user.id, request),
    UPLOAD_LIMIT,
  );
  addRoute(app, routes.therapistAvatarUpload, (request) => uploadAvatar(ctx, request.user.id, request), UPLOAD_LIMIT);
  addRoute(app, routes.therapistProfileSave, (request) => saveProfile(ctx, request.user.id, request.body));

  // Files, not JSON: the auth plugin admits only therapists, and only the owner's id opens a document.
  app.get<{ Params: { id: string } }>(
    THERAPIST_FILE_PATHS.educationDocument,
    { config: { roles: ['therapist'] }, schema: { hide: true } },
    async (request, reply) => {
      if (!request.user) throw new AppError('unauthorized');
      const file = await openEducationDocument(ctx, request.user.id, request.params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.row.name)}`)
        .type(file.row.contentType)
        .send(file.stream);
    },
  );
  app.get<{ Params: { name: string } }>(
    THERAPIST_FILE_PATHS.avatar,
    { config: { roles: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const file = await openAvatar(ctx, request.params.name);
      // Every upload gets a new random name, so a name's bytes never change.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .type('image/webp')
        .send(file.stream);
    },
  );
}
