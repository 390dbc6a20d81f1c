/**
 * What a new visitor is offered first (spec §7): the currency and time zone from their address's geo information
 * when the server has it, else what the browser says: its time zone, and the currency its first language suggests.
 */
import type { TCurrency, TVisitorGeo } from '@therapy/contract';
import { currencyOfLanguages } from '@therapy/contract/rules';
import { browserTimeZone } from './time-zone.ts';

export type TVisitorDefaults = { currency: TCurrency; tz: string | undefined };

export type TBrowserHints = { timeZone: string | undefined; languages: readonly string[] };

export function browserHints(): TBrowserHints {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
  return { timeZone: browserTimeZone(), languages };
}

export function visitorDefaults(geo: TVisitorGeo | null | undefined, browser: TBrowserHints): TVisitorDefaults {
  return {
    currency: geo?.currency ?? currencyOfLanguages(browser.languages),
    tz: geo?.time_zone ?? browser.timeZone,
  };
}
