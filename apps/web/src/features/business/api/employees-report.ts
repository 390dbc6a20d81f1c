import { useMutation, useQuery } from '@tanstack/react-query';
import { routes, type TBusinessReport, type TReportView } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { businessKeys } from './business-keys.ts';

/** How often the report modal asks how far the build is. */
export const REPORT_POLL_MS = 1000;

export function createEmployeesReport(id: string, year: number, view: TReportView): Promise<TBusinessReport> {
  return callRoute(routes.createEmployeesReport, { params: { id }, body: { year, view } });
}

export function useCreateEmployeesReport(id: string) {
  return useMutation({
    mutationFn: ({ year, view }: { year: number; view: TReportView }) => createEmployeesReport(id, year, view),
  });
}

export function getEmployeesReport(id: string, reportId: string, signal?: AbortSignal): Promise<TBusinessReport> {
  return callRoute(routes.employeesReport, { params: { id, report_id: reportId }, signal });
}

/** The report being built: polled until it is done or failed. */
export function useEmployeesReport(id: string, reportId: string | null) {
  return useQuery({
    queryKey: businessKeys.report(id, reportId ?? ''),
    queryFn: ({ signal }) => getEmployeesReport(id, reportId ?? '', signal),
    enabled: reportId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : REPORT_POLL_MS;
    },
  });
}
