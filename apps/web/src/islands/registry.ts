/** Every island a page can mount, by the name in its data-component attribute. */
import { loadLanguage, storedLanguage } from '../i18n/languages.ts';
import { readCurrentUser } from '../lib/app-global.ts';
import type { TIslandRegistry } from './types.ts';

/**
 * An island's code together with the texts of the visitor's language (with the account sections for anyone signed
 * in, and the staff sections for therapists and business accounts), downloaded side by side. Should the texts fail to
 * download, the island still starts.
 */
const withLanguage = <T>(code: Promise<T>): Promise<T> => {
  const role = readCurrentUser()?.role;
  const texts = loadLanguage(storedLanguage(), {
    account: role !== undefined,
    staff: role !== undefined && role !== 'client',
  }).catch(() => {});
  return Promise.all([code, texts]).then(([module]) => module);
};

export const islandRegistry: TIslandRegistry = {
  /** The SPA. Like every island it is unmounted on back/forward and mounted afresh at the URL the browser went to. */
  App: { load: () => withLanguage(import('../app/App.tsx')) },
  /** The post-session rating popup (spec §2, §4), for pages outside the SPA. */
  RatingPopup: { load: () => withLanguage(import('../app/RatingPopupIsland.tsx')) },
};
