/**
 * Which language a page starts in, and the translations beyond what every page needs, loaded on demand: Russian is
 * the default and every key's fallback, so its public sections come with the app; English is fetched only by those
 * who chose it, the account sections (sections.ts) only for someone signed in, and the staff sections only for
 * therapists and business accounts. Kept apart from
 * i18next so that the page entry can start the downloads before the app itself has arrived (islands/registry.ts).
 */
import { DEFAULT_LANGUAGE, STORAGE_KEYS, SUPPORTED_LANGUAGES, type TLanguage } from '../config/constants.ts';

export type TTranslations = Record<string, unknown>;
type TPart = 'public' | 'account' | 'staff';
type TBundle = `${TLanguage}:${TPart}`;

const loaders: Record<Exclude<TBundle, 'ru:public'>, () => Promise<{ default: TTranslations }>> = {
  'ru:account': () => import('./ru.json?account'),
  'ru:staff': () => import('./ru.json?staff'),
  'en:public': () => import('./en.json?public'),
  'en:account': () => import('./en.json?account'),
  'en:staff': () => import('./en.json?staff'),
};

const loaded = new Map<TBundle, TTranslations>();
const loading = new Map<TBundle, Promise<void>>();

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The language the visitor chose on this device (localStorage), or null when they never chose one. */
export function chosenLanguage(): TLanguage | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language the visitor chose before (localStorage), else Russian. */
export function storedLanguage(): TLanguage {
  return chosenLanguage() ?? DEFAULT_LANGUAGE;
}

function loadBundle(bundle: TBundle): Promise<void> {
  if (bundle === 'ru:public' || loaded.has(bundle)) return Promise.resolve();
  let pending = loading.get(bundle);
  if (!pending) {
    pending = loaders[bundle]()
      .then((module) => {
        loaded.set(bundle, module.default);
      })
      .finally(() => loading.delete(bundle));
    loading.set(bundle, pending);
  }
  return pending;
}

export type TSectionsWanted = {
  /** Someone signed in: the account sections. */
  account?: boolean;
  /** A therapist or business account: the staff sections, and the account sections with them. */
  staff?: boolean;
};

/**
 * Downloads what a page in `language` needs that did not come with the app (nothing for a Russian visitor's page):
 * the language's public sections, with `account` the account sections of it and of Russian (the fallback), with
 * `staff` the account and staff sections of both. Each bundle is fetched once; a failed download is tried again
 * next time.
 */
export async function loadLanguage(language: TLanguage, { account = false, staff = false }: TSectionsWanted = {}) {
  const parts: TPart[] = ['public'];
  if (account || staff) parts.push('account');
  if (staff) parts.push('staff');
  const bundles = new Set<TBundle>();
  for (const part of parts) {
    bundles.add(`${language}:${part}`);
    bundles.add(`${DEFAULT_LANGUAGE}:${part}`);
  }
  await Promise.all([...bundles].map(loadBundle));
}

/** Which sections beyond the public ones have been loaded (for Russian, the fallback): a switch loads the same. */
export function loadedSections(): TSectionsWanted {
  return { account: loaded.has(`${DEFAULT_LANGUAGE}:account`), staff: loaded.has(`${DEFAULT_LANGUAGE}:staff`) };
}

/** The loaded sections of a language, all parts together, other than Russian's public ones. */
export function loadedTranslations(language: TLanguage): TTranslations {
  return {
    ...loaded.get(`${language}:public`),
    ...loaded.get(`${language}:account`),
    ...loaded.get(`${language}:staff`),
  };
}
