import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TAgreement, type TAgreementKind } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateRoutes } from '../../../api/query-keys.ts';
import { therapistProfileKeys } from './therapist-profile-keys.ts';

export function signAgreement(kind: TAgreementKind, version: number): Promise<TAgreement> {
  return callRoute(routes.therapistAgreementSign, { params: { kind }, body: { version } });
}

/** Signs the version on screen; the must-sign notice on the dashboard goes with the refreshed therapist. */
export function useSignAgreement(kind: TAgreementKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => signAgreement(kind, version),
    onSuccess: async (signed) => {
      queryClient.setQueryData(therapistProfileKeys.agreement(kind), signed);
      await invalidateRoutes(queryClient, ['therapistCurrent']);
    },
    // A newer version appeared meanwhile (409): load it so the therapist reads what they sign.
    onError: () => invalidateRoutes(queryClient, ['therapistAgreement']),
  });
}
