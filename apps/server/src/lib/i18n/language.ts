import { LANGUAGES, type TLanguage } from '@therapy/contract';
import Negotiator from 'negotiator';

export type { TLanguage };
/** Russian is the product's own language (spec §9); English the second. */
export const DEFAULT_LANGUAGE: TLanguage = 'ru';

export const isLanguage = (value: unknown): value is TLanguage =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The BCP 47 locale formats take for a language. */
export const LOCALE_OF: Record<TLanguage, string> = { ru: 'ru-RU', en: 'en-GB' };

/**
 * The language of an answer: the user's saved choice, else the best of `Accept-Language`
 * (q-values weighed, `en-US` counts as `en`), else Russian.
 */
export function pickLanguage(saved: string | null | undefined, acceptLanguage: string | undefined): TLanguage {
  if (isLanguage(saved)) return saved;
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LANGUAGES]);
  return isLanguage(best) ? best : DEFAULT_LANGUAGE;
}
