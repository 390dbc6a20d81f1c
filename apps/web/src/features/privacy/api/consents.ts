import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TAcceptConsentsRequest, type TConsentKind, type TConsentsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { privacyKeys } from './privacy-keys.ts';

export function getConsents(signal?: AbortSignal): Promise<TConsentsResponse> {
  return callRoute(routes.userConsents, { signal });
}

export function useConsents() {
  return useQuery({ queryKey: privacyKeys.consents(), queryFn: ({ signal }) => getConsents(signal) });
}

export function useAcceptConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAcceptConsentsRequest) => callRoute(routes.acceptConsents, { body }),
    onSuccess: (data) => queryClient.setQueryData(privacyKeys.consents(), data),
  });
}

export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: TConsentKind) => callRoute(routes.withdrawConsent, { params: { kind } }),
    onSuccess: (data) => queryClient.setQueryData(privacyKeys.consents(), data),
  });
}
