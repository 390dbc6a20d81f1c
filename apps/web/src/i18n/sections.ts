/**
 * The sections of the translation files (ru.json, en.json) that only therapists and business accounts see. A page
 * imports `./ru.json?public` (everything else) up front and `./ru.json?staff` only for a signed-in therapist or
 * business account (languages.ts); the build cuts the file in two (apps/web/vite.config.ts). One file per language
 * stays the source: keys are typed and checked against it as before.
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
