import { createElement, useCallback } from 'react';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { RatingModal } from '../components/RatingModal.tsx';

/** Opens the rating popup for a slot on the modal stack. */
export function useRatingPopup() {
  const stack = useModalStack();
  return useCallback(
    (slotHashid: string, onRated?: (rating: number) => void) =>
      stack.open(() => createElement(RatingModal, { slotHashid, onRated })),
    [stack],
  );
}
