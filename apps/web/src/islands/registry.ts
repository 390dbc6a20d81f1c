/** Every island a page can mount, by the name in its data-component attribute. */
import type { TIslandRegistry } from './types.ts';

export const islandRegistry: TIslandRegistry = {
  /** The SPA. Like every island it is unmounted on back/forward and mounted afresh at the URL the browser went to. */
  App: { load: () => import('../app/App.tsx') },
  /** The post-session rating popup (spec §2, §4), for pages outside the SPA. */
  RatingPopup: { load: () => import('../app/RatingPopupIsland.tsx') },
};
