import { useQuery } from '@tanstack/react-query';
import { routes, type TAgreement, type TAgreementKind } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistProfileKeys } from './therapist-profile-keys.ts';

export function getAgreement(kind: TAgreementKind, signal?: AbortSignal): Promise<TAgreement> {
  return callRoute(routes.therapistAgreement, { params: { kind }, signal });
}

export function useAgreement(kind: TAgreementKind) {
  return useQuery({
    queryKey: therapistProfileKeys.agreement(kind),
    queryFn: ({ signal }) => getAgreement(kind, signal),
  });
}
