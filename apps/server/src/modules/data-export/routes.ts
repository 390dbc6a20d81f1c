import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/audit.ts';
import { addRoute } from '../../lib/route.ts';
import { listDataExports } from './list-data-exports.ts';
import { requestDataExport } from './request-data-export.ts';
import { sendDataExportFile } from './send-data-export-file.ts';

/** «Скачать мои данные»: the client asks for their archive, follows its build, downloads it. */
export async function dataExportRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.dataExports, (request) => listDataExports(ctx, request.user));
  addRoute(app, routes.requestDataExport, (request) => requestDataExport(ctx, request.user));
  addRoute(app, routes.dataExportFile, (request, reply) =>
    sendDataExportFile(ctx, request.user, request.params, reply, originOf(request)),
  );
}
