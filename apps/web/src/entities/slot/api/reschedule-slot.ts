import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TClientSlot } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateAfterSlotChange } from './invalidate-after-slot-change.ts';

export function rescheduleSlot({ slotId, startsAt }: { slotId: string; startsAt: string }): Promise<TClientSlot> {
  return callRoute(routes.rescheduleSlot, { params: { id: slotId }, body: { starts_at: startsAt } });
}

export function useRescheduleSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rescheduleSlot, onSuccess: () => invalidateAfterSlotChange(queryClient) });
}
