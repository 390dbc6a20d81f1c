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

/** Default UI language. Money and dates are formatted by the contract's rules (`@therapy/contract/rules`). */
export const DEFAULT_LANGUAGE = 'ru';
export const SUPPORTED_LANGUAGES = ['ru', 'en'] as const;
export type TLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** The currency symbols (currencies, payment methods and money formats are the contract's rules). */
export const CURRENCY_SYMBOLS: Record<TCurrency, string> = { rub: '₽', eur: '€' };

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
  ratingDismissed: 'ratingDismissed',
} as const;
