import { useQueryClient } from '@tanstack/react-query';
import { createElement, useCallback } from 'react';
import { invalidateRoutes } from '../../api/query-keys.ts';
import { RateSessionProvider } from '../../entities/slot/lib/session-rating.tsx';
import { useModalStack } from '../../ui/ModalStack.tsx';
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

/**
 * The client's area; its screens may offer the rating of a past session, which opens the call's rating popup. The
 * popup (with the call's texts) is downloaded when a client asks for it, not with every page of the area.
 */
export function ClientLayout() {
  const { open } = useModalStack();
  const queryClient = useQueryClient();
  const rate = useCallback(
    (slotId: string) => {
      const onRated = () => void invalidateRoutes(queryClient, ['clientSlots', 'clientSlot']);
      import('../../features/video/components/RatingModal.tsx')
        .then(({ RatingModal }) => open(() => createElement(RatingModal, { slotHashid: slotId, onRated })))
        .catch((error: unknown) => {
          // A failed download (a new release replaced the chunk, the network dropped): the next click tries again.
          console.warn('The rating popup could not load', error);
        });
    },
    [open, queryClient],
  );
  return (
    <RateSessionProvider rate={rate}>
      <RoleLayout forRole="client" nav={CLIENT_NAV} />
    </RateSessionProvider>
  );
}
