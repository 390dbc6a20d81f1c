/**
 * Which language a page starts in, and the translations beyond what every page needs, loaded on demand: Russian is
 * the default and every key's fallback, so its public sections come with the app; English is fetched only by those
 * who chose it, and the staff sections (sections.ts) only for therapists and business accounts. Kept apart from
 * i18next so that the page entry can start the downloads before the app itself has arrived (islands/registry.ts).
 */
import { DEFAULT_LANGUAGE, STORAGE_KEYS, SUPPORTED_LANGUAGES, type TLanguage } from '../config/constants.ts';

export type TTranslations = Record<string, unknown>;
type TPart = 'public' | 'staff';
type TBundle = `${TLanguage}:${TPart}`;

const loaders: Record<Exclude<TBundle, 'ru:public'>, () => Promise<{ default: TTranslations }>> = {
  'ru:staff': () => import('./ru.json?staff'),
  'en:public': () => import('./en.json?public'),
  'en:staff': () => import('./en.json?staff'),
};

const loaded = new Map<TBundle, TTranslations>();
const loading = new Map<TBundle, Promise<void>>();

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The language the visitor chose before (localStorage), else Russian. */
export function storedLanguage(): TLanguage {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
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

/**
 * Downloads what a page in `language` needs that did not come with the app (nothing for a Russian public page):
 * the language's public sections, and with `staff` the staff sections of it and of Russian (the fallback). Each
 * bundle is fetched once; a failed download is tried again next time.
 */
export async function loadLanguage(language: TLanguage, { staff = false }: { staff?: boolean } = {}): Promise<void> {
  const bundles: TBundle[] = [`${language}:public`];
  if (staff) bundles.push(`${language}:staff`, `${DEFAULT_LANGUAGE}:staff`);
  await Promise.all(bundles.map(loadBundle));
}

/** Whether the staff sections have been loaded for `language`. */
export function hasStaffSections(language: TLanguage): boolean {
  return loaded.has(`${language}:staff`);
}

/** The loaded sections of a language, public and staff together, other than Russian's public ones. */
export function loadedTranslations(language: TLanguage): TTranslations {
  return { ...loaded.get(`${language}:public`), ...loaded.get(`${language}:staff`) };
}
