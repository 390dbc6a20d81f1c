import { useQuery } from '@tanstack/react-query';
import { routes, type TTherapistMetricsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistStatsKeys } from './therapist-stats-keys.ts';

export function getTherapistMetrics(signal?: AbortSignal): Promise<TTherapistMetricsResponse> {
  return callRoute(routes.therapistMetrics, { signal });
}

/** The therapist's metrics and their last 12 months (`GET /api/v1/therapist/metrics`). */
export function useTherapistMetrics() {
  return useQuery({ queryKey: therapistStatsKeys.metrics(), queryFn: ({ signal }) => getTherapistMetrics(signal) });
}
