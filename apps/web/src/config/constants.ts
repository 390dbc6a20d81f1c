/**
 * Business constants of spec §9, in one module. Texts live in `i18n/*.json` under the keys named here,
 * so a component never holds Russian text itself.
 */
import type { TCurrency } from '@therapy/contract';

/** Error reporting: every error event is sent, 1 % of transactions are traced. */
export const ERROR_SAMPLE_RATE = 1;
export const TRACES_SAMPLE_RATE = 0.01;

/** Therapist data is reloaded once it is 6 hours old or older (spec §4). */
export const THERAPIST_STALE_MS = 6 * 60 * 60 * 1000;

/** Default UI locale and the one formats use for numbers and dates. */
export const DEFAULT_LANGUAGE = 'ru';
export const SUPPORTED_LANGUAGES = ['ru', 'en'] as const;
export type TLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const NUMBER_LOCALE = 'ru-RU';

/** Currencies: anything that is not eur is treated as rub. */
export const DEFAULT_CURRENCY: TCurrency = 'rub';
export const CURRENCY_SYMBOLS: Record<TCurrency, string> = { rub: '₽', eur: '€' };
/** Minor units per major unit (kopecks per rouble, cents per euro). */
export const MINOR_UNITS_PER_MAJOR = 100;

/** Payment method keys: `stripe` charges in euros, `cloud_payments` marks a foreign method. */
export const PAYMENT_METHOD_EUR = 'stripe';
export const PAYMENT_METHOD_FOREIGN = 'cloud_payments';

/** Last-update line: 'dd.MM.yyyy в HH:mm'. */
export const LAST_UPDATE_SEPARATOR = ' в ';

/** i18n keys of the fixed texts of spec §9. */
export const YEAR_LABEL_KEY = 'common.yearLabel';
export const SEX_LABEL_KEYS = { female: 'common.sex.female', male: 'common.sex.male' } as const;
export const EMPLOYEE_PROMOCODE_TOOLTIP_KEY = 'business.employeePromocodeTooltip';

/** Default employee table meta. */
export const DEFAULT_TABLE_META = { page: 1, total: 16 } as const;

/** Employee table: month headers start from the fifth header; sorting defaults to column 1 unless by e-mail. */
export const MONTH_HEADERS_START_INDEX = 4;
export const DEFAULT_SORT_COLUMN = 1;
export const SORT_FIELD_EMAIL = 'users_email';

/** Tooltip defaults. */
export const TOOLTIP_DEFAULTS = { placement: 'left', theme: 'ysn' } as const;
export type TTooltipPlacement = 'left' | 'right' | 'top' | 'bottom';

/** localStorage keys. */
export const STORAGE_KEYS = {
  chosenBusiness: 'chosenBusiness',
  language: 'lang',
  pendingPurchase: 'pendingPurchase',
} as const;
