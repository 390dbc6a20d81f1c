import { createElement, useCallback } from 'react';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { RatingModal } from '../components/RatingModal.tsx';

/** Opens the rating popup for a slot on the modal stack. Stable, so an effect that opens it runs once. */
export function useRatingPopup() {
  const { open } = useModalStack();
  return useCallback(
    (slotHashid: string, onRated?: (rating: number) => void) =>
      open(() => createElement(RatingModal, { slotHashid, onRated })),
    [open],
  );
}
