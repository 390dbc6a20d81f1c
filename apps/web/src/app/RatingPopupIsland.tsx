/**
 * The rating popup as an island ('RatingPopup'), for any server page: `<div data-component="RatingPopup"
 * data-slot-hashid="…" data-video-slot-hashid="…" data-feedback-fresh-slot-hashid="…">`. Like the SPA it is an
 * entry point, so it brings its own providers (translations, server state, the user from `window.App`, the modal
 * stack) and opens the popup on mount when the rules allow (spec §4).
 */
import { useEffect, useState } from 'react';
import { completedSlotId, shouldShowRatingPopup } from '../features/video/core/rating-rules.ts';
import { useRatingPopup } from '../features/video/hooks/use-rating-popup.ts';
import { createI18n, storedLanguage } from '../i18n/index.ts';
import { readCurrentUser } from '../lib/app-global.ts';
import { useModalStack } from '../ui/ModalStack.tsx';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './query-client.ts';

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
  const { close } = useModalStack();
  useEffect(() => {
    if (!shouldShowRatingPopup({ feedbackFreshSlotHashid: feedbackFreshSlotHashid || null })) return;
    const slot = completedSlotId(slotHashid, videoSlotHashid ? { id: videoSlotHashid } : null);
    if (!slot) return;
    const id = open(slot);
    return () => close(id);
  }, [slotHashid, videoSlotHashid, feedbackFreshSlotHashid, open, close]);
  return null;
}

/** The island's props come from the node's data-* attributes (the islands loader reads them). */
type TRatingPopupProps = { slotHashid?: string; videoSlotHashid?: string; feedbackFreshSlotHashid?: string };

export default function RatingPopupIsland(props: TRatingPopupProps) {
  const [app] = useState(() => {
    const user = readCurrentUser();
    return {
      user,
      i18n: createI18n(user?.language ?? storedLanguage()),
      queryClient: createQueryClient(),
    };
  });
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
