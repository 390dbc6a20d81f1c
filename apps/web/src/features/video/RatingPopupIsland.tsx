/**
 * The rating popup as an island ('RatingPopup'), for any server page: `<div data-component="RatingPopup"
 * data-slot-hashid="…" data-video-slot-hashid="…" data-feedback-fresh-slot-hashid="…">`. Like the SPA it is an
 * entry point, so it brings its own providers (translations, server state, the user from `window.App`, the modal
 * stack) and opens the popup on mount when the rules allow (spec §4).
 */
import { useEffect, useState } from 'react';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { createI18n, storedLanguage } from '../../i18n/index.ts';
import type { TIslandProps } from '../../islands/types.ts';
import { readCurrentUser } from '../../lib/app-global.ts';
import { useModalStack } from '../../ui/ModalStack.tsx';
import { completedSlotId, shouldShowRatingPopup } from './core/rating-rules.ts';
import { useRatingPopup } from './hooks/use-rating-popup.ts';

function OpenRatingOnMount({
  slotHashid,
  videoSlotHashid,
  feedbackFreshSlotHashid,
}: {
  slotHashid?: string;
  videoSlotHashid?: string;
  feedbackFreshSlotHashid?: string;
}) {
  const open = useRatingPopup();
  const stack = useModalStack();
  useEffect(() => {
    if (!shouldShowRatingPopup({ feedbackFreshSlotHashid: feedbackFreshSlotHashid || null })) return;
    const slot = completedSlotId(slotHashid, videoSlotHashid ? { id: videoSlotHashid } : null);
    if (!slot) return;
    const id = open(slot);
    return () => stack.close(id);
  }, [slotHashid, videoSlotHashid, feedbackFreshSlotHashid, open, stack.close]);
  return null;
}

export default function RatingPopupIsland(props: TIslandProps) {
  const [app] = useState(() => ({
    user: readCurrentUser(),
    i18n: createI18n(storedLanguage()),
    queryClient: createQueryClient(),
  }));
  return (
    <Providers i18n={app.i18n} queryClient={app.queryClient} user={app.user}>
      <OpenRatingOnMount
        slotHashid={props.slotHashid}
        videoSlotHashid={props.videoSlotHashid}
        feedbackFreshSlotHashid={props.feedbackFreshSlotHashid}
      />
    </Providers>
  );
}
