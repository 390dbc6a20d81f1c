/**
 * The video feature's texts live in their own i18next namespace ('video'), added to whichever i18next instance
 * the page has (the SPA's or an island's) the first time a video screen renders.
 */
import type { i18n as TI18n } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import en from './en.json';
import ru from './ru.json';

export const VIDEO_NAMESPACE = 'video';

type TLeafKeys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : TLeafKeys<T[K], `${P}${K}.`>;
}[keyof T & string];
type TWithoutPlural<K> = K extends `${infer Base}_${'one' | 'few' | 'many' | 'other'}` ? Base : K;

/** Every key of the Russian texts; plural keys without their `_one`/`_few`/… suffix. */
export type TVideoKey = TWithoutPlural<TLeafKeys<typeof ru>>;

export type TVideoT = (key: TVideoKey, options?: Record<string, unknown>) => string;

export function ensureVideoTranslations(i18n: TI18n): void {
  if (!i18n.hasResourceBundle('ru', VIDEO_NAMESPACE)) i18n.addResourceBundle('ru', VIDEO_NAMESPACE, ru);
  if (!i18n.hasResourceBundle('en', VIDEO_NAMESPACE)) i18n.addResourceBundle('en', VIDEO_NAMESPACE, en);
}

// The app's i18next types know only the shared namespace; this one is typed by `TVideoKey` instead.
type TLooseI18n = {
  getFixedT: (language: string, namespace: string) => (key: string, options?: Record<string, unknown>) => string;
};

/** `t` of the video texts in a language, outside React (tests, a core callback). */
export function videoTOf(i18n: TI18n, language: string = i18n.language): TVideoT {
  ensureVideoTranslations(i18n);
  const fixed = (i18n as unknown as TLooseI18n).getFixedT(language, VIDEO_NAMESPACE);
  return (key, options) => fixed(key, options);
}

/** `t` for the video texts; re-renders on a language switch like `useTranslation`. */
export function useVideoT(): TVideoT {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => videoTOf(i18n, language), [i18n, language]);
}
