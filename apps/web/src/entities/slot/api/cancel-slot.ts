import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TCancelSlotResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateAfterSlotChange } from './invalidate-after-slot-change.ts';

export function cancelSlot({ slotId, reason }: { slotId: string; reason?: string }): Promise<TCancelSlotResponse> {
  return callRoute(routes.cancelSlot, { params: { id: slotId }, body: reason ? { reason } : {} });
}

export function useCancelSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSlot, onSuccess: () => invalidateAfterSlotChange(queryClient) });
}
