import type { TEmployeesQuery } from '@therapy/contract';
import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the business account's area. */
export const businessKeys = {
  current: () => routeKey('currentBusinessAccount'),
  stats: (id: string, year: number) => routeKey('businessStatistics', { id, year }),
  employees: (id: string, query: TEmployeesQuery) => routeKey('businessEmployees', { id, ...query }),
  allEmployees: () => routeKey('businessEmployees'),
  report: (id: string, reportId: string) => routeKey('employeesReport', { id, report_id: reportId }),
};
