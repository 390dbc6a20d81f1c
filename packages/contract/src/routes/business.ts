import { z } from 'zod';
import {
  ZAddEmployeesRequestSchema,
  ZAddEmployeesResponseSchema,
  ZBusinessesResponseSchema,
  ZBusinessParamsSchema,
  ZBusinessReportSchema,
  ZBusinessStatsSchema,
  ZCreateReportRequestSchema,
  ZEmployeeStatsSchema,
  ZEmployeesQuerySchema,
  ZReportFileQuerySchema,
  ZReportParamsSchema,
  ZStatsQuerySchema,
  ZUsersBlacklistRequestSchema,
  ZUsersBlacklistResponseSchema,
} from '../business.ts';
import type { TRouteDef } from '../route-def.ts';

const account = ['business_account'] as const;
const base = '/api/v1/business_accounts/businesses';

/** The employer's side: businesses, statistics, employees, reports, the promo-code black-list (spec §7). */
export const businessRoutes = {
  businesses: {
    method: 'GET',
    path: base,
    summary: "The account's businesses with the years they have usage for",
    roles: account,
    response: ZBusinessesResponseSchema,
  },
  businessStatistics: {
    method: 'GET',
    path: `${base}/:id/statistics`,
    summary: "A business's usage by month and quarter for a year (aggregates over fewer than 5 employees hidden)",
    roles: account,
    params: ZBusinessParamsSchema,
    querystring: ZStatsQuerySchema,
    response: ZBusinessStatsSchema,
  },
  businessEmployees: {
    method: 'GET',
    path: `${base}/:id/employees`,
    summary: 'A page of employees with their own usage: search by e-mail, sort by any column',
    roles: account,
    params: ZBusinessParamsSchema,
    querystring: ZEmployeesQuerySchema,
    response: ZEmployeeStatsSchema,
  },
  addBusinessEmployees: {
    method: 'POST',
    path: '/api/v2/business_accounts/businesses/:id/employees',
    summary: 'Add one employee by e-mail or upload an XLSX/CSV of many; each refused row says why',
    roles: account,
    bodyTypes: ['json', 'multipart'],
    params: ZBusinessParamsSchema,
    body: ZAddEmployeesRequestSchema,
    response: ZAddEmployeesResponseSchema,
  },
  createEmployeesReport: {
    method: 'POST',
    path: `${base}/:id/employees/reports`,
    summary: 'Start building the employees report (XLSX and CSV) in the background',
    roles: account,
    params: ZBusinessParamsSchema,
    body: ZCreateReportRequestSchema,
    response: ZBusinessReportSchema,
  },
  employeesReport: {
    method: 'GET',
    path: `${base}/:id/employees/reports/:report_id`,
    summary: "Where a report's build stands, and its links when ready",
    roles: account,
    params: ZReportParamsSchema,
    response: ZBusinessReportSchema,
  },
  employeesReportFile: {
    method: 'GET',
    path: `${base}/:id/employees/reports/:report_id/file`,
    summary: 'Download a ready report as XLSX or CSV (kept 7 days)',
    errors: ['conflict'],
    roles: account,
    params: ZReportParamsSchema,
    querystring: ZReportFileQuerySchema,
    response: z.unknown().describe('the file'),
  },
  usersBlacklists: {
    method: 'POST',
    path: `${base}/:id/users_blacklists`,
    summary: 'Block or unblock an employee from using any promo code',
    roles: account,
    params: ZBusinessParamsSchema,
    body: ZUsersBlacklistRequestSchema,
    response: ZUsersBlacklistResponseSchema,
  },
} as const satisfies Record<string, TRouteDef>;
