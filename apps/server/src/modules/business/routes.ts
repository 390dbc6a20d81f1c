import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/audit.ts';
import { addRoute } from '../../lib/route.ts';
import { addEmployees } from './add-employees.ts';
import { createReport } from './create-report.ts';
import { getBusinessStats } from './get-business-stats.ts';
import { getCurrentBusinessAccount } from './get-current-business-account.ts';
import { listBusinesses } from './list-businesses.ts';
import { listEmployees } from './list-employees.ts';
import { loadOwnReport } from './load-report.ts';
import { presentReport } from './present-report.ts';
import { readEmployeeUpload } from './read-employee-upload.ts';
import { sendReportFile } from './send-report-file.ts';
import { setPromocodesBlocked } from './set-promocodes-blocked.ts';

export async function businessRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  addRoute(app, routes.currentBusinessAccount, (request) => getCurrentBusinessAccount(ctx, request.user));
  addRoute(app, routes.businesses, (request) => listBusinesses(ctx, request.user));
  addRoute(app, routes.businessStatistics, (request) =>
    getBusinessStats(ctx, request.user, request.params.id, request.query),
  );
  addRoute(app, routes.businessEmployees, (request) =>
    listEmployees(ctx, request.user, request.params.id, request.query, originOf(request)),
  );
  addRoute(app, routes.usersBlacklists, (request) =>
    setPromocodesBlocked(ctx, request.user, request.params.id, request.body),
  );
  addRoute(app, routes.createEmployeesReport, (request) =>
    createReport(ctx, request.user, request.params.id, request.body, request.language),
  );
  addRoute(app, routes.employeesReport, async (request) =>
    presentReport(ctx.hashids, await loadOwnReport(ctx, request.user, request.params)),
  );
  addRoute(app, routes.employeesReportFile, (request, reply) =>
    sendReportFile(ctx, request.user, request.params, request.query.format, reply, originOf(request)),
  );
  addRoute(app, routes.addBusinessEmployees, async (request) =>
    addEmployees(ctx, request.user, request.params.id, await readEmployeeUpload(request, request.body)),
  );
}
