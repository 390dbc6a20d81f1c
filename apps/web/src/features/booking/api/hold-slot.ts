import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TClientSlot, type THoldSlotRequest } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateAfterSlotChange } from '../../../entities/slot/api/invalidate-after-slot-change.ts';
import { slotKeys } from '../../../entities/slot/api/slot-keys.ts';

/** Keeps a free time for the client while they confirm or pay. */
export function holdSlot(body: THoldSlotRequest): Promise<TClientSlot> {
  return callRoute(routes.holdSlot, { body });
}

export function useHoldSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: holdSlot,
    onSuccess: (slot) => {
      queryClient.setQueryData(slotKeys.clientSlot(slot.id), slot);
      void invalidateAfterSlotChange(queryClient);
    },
  });
}
