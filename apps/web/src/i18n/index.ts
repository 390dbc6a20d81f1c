/**
 * i18next with Russian by default and English second. Russian's public sections come with the app; English, the
 * account and the staff sections are loaded on demand (languages.ts), before the app renders (islands/registry.ts),
 * so init stays synchronous.
 */
import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../api/client.ts';
import { DEFAULT_LANGUAGE, STORAGE_KEYS, SUPPORTED_LANGUAGES, type TLanguage } from '../config/constants.ts';
import { setFormatLocale } from './format-locale.ts';
import { loadedSections, loadedTranslations, loadLanguage } from './languages.ts';
import ru from './ru.json?public';

export { chosenLanguage, isLanguage, loadLanguage, storedLanguage } from './languages.ts';

/** The translations at hand: Russian's public sections, and whatever else has been loaded. */
function translationsOf(language: TLanguage) {
  return language === DEFAULT_LANGUAGE ? { ...ru, ...loadedTranslations(language) } : loadedTranslations(language);
}

function resources(): Resource {
  const all: Resource = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const translation = translationsOf(language);
    if (Object.keys(translation).length > 0) all[language] = { translation };
  }
  return all;
}

/** An i18next instance in `language`; what it needs beyond Russian's public sections must be loaded (`loadLanguage`). */
export function createI18n(language: TLanguage = DEFAULT_LANGUAGE): i18n {
  setRequestLanguage(language);
  setFormatLocale(language);
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources: resources(),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Switches the language (loading it first), remembers it and keeps `<html lang>` in step. */
export async function changeLanguage(instance: i18n, language: TLanguage): Promise<void> {
  setRequestLanguage(language);
  await loadLanguage(language, loadedSections());
  instance.addResourceBundle(language, 'translation', translationsOf(language), true, false);
  setFormatLocale(language);
  await instance.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}
