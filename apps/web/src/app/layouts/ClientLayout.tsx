import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateRoutes } from '../../api/query-keys.ts';
import { RateSessionProvider } from '../../entities/slot/lib/session-rating.tsx';
import { useRatingPopup } from '../../features/video/hooks/use-rating-popup.ts';
import { RoleLayout, type TNavItem } from './RoleLayout.tsx';

const CLIENT_NAV: readonly TNavItem[] = [
  { to: '/lk', label: 'nav.client.dashboard', end: true },
  { to: '/lk/therapists', label: 'nav.client.therapists' },
  { to: '/lk/sessions', label: 'nav.client.sessions' },
  { to: '/lk/passes', label: 'nav.client.passes' },
  { to: '/lk/payment', label: 'nav.client.payment' },
  { to: '/lk/profile', label: 'nav.client.profile' },
  { to: '/lk/promocode', label: 'nav.client.promocode' },
  { to: '/lk/privacy', label: 'nav.client.privacy' },
  { to: '/lk/settings', label: 'nav.client.settings' },
];

/** The client's area; its screens may offer the rating of a past session, which opens the call's rating popup. */
export function ClientLayout() {
  const openRating = useRatingPopup();
  const queryClient = useQueryClient();
  const rate = useCallback(
    (slotId: string) => {
      openRating(slotId, () => void invalidateRoutes(queryClient, ['clientSlots', 'clientSlot']));
    },
    [openRating, queryClient],
  );
  return (
    <RateSessionProvider rate={rate}>
      <RoleLayout forRole="client" nav={CLIENT_NAV} />
    </RateSessionProvider>
  );
}
