import type { QueryClient } from '@tanstack/react-query';
import { invalidateRoutes } from '../../../api/query-keys.ts';

/**
 * After a session is held, booked, moved or cancelled, or a purchase settled: everything that shows sessions, free
 * times or passes (the dashboard, the passes, the checkout, the suggestions and therapist cards with their nearest
 * times) is asked for again.
 */
export function invalidateAfterSlotChange(queryClient: QueryClient): Promise<void> {
  return invalidateRoutes(queryClient, [
    'clientSlots',
    'clientSlot',
    'slotCancelPolicy',
    'freeSlots',
    'lkData',
    'lkWidgets',
    'userPasses',
    'passStatus',
    'checkout',
    'suggestions',
    'therapistCard',
  ]);
}
