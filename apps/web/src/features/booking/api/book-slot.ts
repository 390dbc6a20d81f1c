import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TClientSlot } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateAfterSlotChange } from '../../../entities/slot/api/invalidate-after-slot-change.ts';
import { slotKeys } from '../../../entities/slot/api/slot-keys.ts';

/** Books a held time, paying with one session of the given pass. */
export function bookSlot({ slotId, clientPassId }: { slotId: string; clientPassId?: string }): Promise<TClientSlot> {
  return callRoute(routes.bookSlot, {
    params: { id: slotId },
    body: clientPassId ? { client_pass_id: clientPassId } : {},
  });
}

export function useBookSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSlot,
    onSuccess: (slot) => {
      queryClient.setQueryData(slotKeys.clientSlot(slot.id), slot);
      void invalidateAfterSlotChange(queryClient);
    },
  });
}
