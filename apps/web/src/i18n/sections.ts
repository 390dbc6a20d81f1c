/**
 * The parts of the translation files (ru.json, en.json), by who sees a section: `staff` only therapists and business
 * accounts, `account` anyone signed in (the client's area, its layout and what therapists share with it), `public`
 * everyone, visitors too (the landing, sign-in and sign-up pages, errors, the footer). A page imports
 * `./ru.json?public` up front, `./ru.json?account` once someone is signed in and `./ru.json?staff` for a therapist or
 * business account (languages.ts); the build cuts the file in three (apps/web/vite.config.ts). One file per language
 * stays the source: keys are typed and checked against it as before. A section named nowhere here is public, so a
 * new one is never missing from a page.
 */
export const STAFF_SECTIONS: readonly string[] = [
  'business',
  'therapist',
  'therapistClients',
  'therapistProfile',
  'therapistSchedule',
  'therapistSessions',
  'therapistStats',
];

/** Sections no visitor's page uses: a visitor's sign-in page does not download the client area's texts. */
export const ACCOUNT_SECTIONS: readonly string[] = [
  'booking',
  'checkout',
  'client',
  'dashboard',
  'dataExport',
  'matching',
  'nav',
  'passes',
  'privacy',
  'promocode',
  'roles',
  'sessions',
  'settings',
  'signup',
  'therapyType',
  'tier',
  'time',
];

export type TSectionPart = 'public' | 'account' | 'staff';

export function sectionPart(section: string): TSectionPart {
  if (STAFF_SECTIONS.includes(section)) return 'staff';
  return ACCOUNT_SECTIONS.includes(section) ? 'account' : 'public';
}
