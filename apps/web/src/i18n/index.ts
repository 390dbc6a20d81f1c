/** i18next with Russian by default and English second; resources are bundled, so init is synchronous. */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../api/client.ts';
import { DEFAULT_LANGUAGE, STORAGE_KEYS, SUPPORTED_LANGUAGES, type TLanguage } from '../config/constants.ts';
import en from './en.json';
import { setFormatLocale } from './format.ts';
import ru from './ru.json';

export const resources = { ru: { translation: ru }, en: { translation: en } } as const;

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

export function createI18n(language: TLanguage = DEFAULT_LANGUAGE): i18n {
  setRequestLanguage(language);
  setFormatLocale(language);
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Switches the language, remembers it and keeps `<html lang>` in step. */
export async function changeLanguage(instance: i18n, language: TLanguage): Promise<void> {
  setRequestLanguage(language);
  setFormatLocale(language);
  await instance.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}
