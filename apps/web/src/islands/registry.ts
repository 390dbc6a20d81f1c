/** Every island a page can mount, by the name in its data-component attribute. */
import type { TIslandRegistry } from './types.ts';

export const islandRegistry: TIslandRegistry = {
  /** The SPA: it owns browser history, so back/forward is handled by its router, not by unmounting. */
  App: { load: () => import('../app/App.tsx'), ownsHistory: true },
  /** The post-session rating popup (spec §2, §4), for pages outside the SPA. */
  RatingPopup: { load: () => import('../app/RatingPopupIsland.tsx') },
};
