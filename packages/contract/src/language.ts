import { z } from 'zod';

/** The interface languages: Russian (spec §9, the default) and English. */
export const LANGUAGES = ['ru', 'en'] as const;
export const ZLanguageSchema = z.enum(LANGUAGES, { error: 'Выберите язык: ru или en' });
export type TLanguage = z.infer<typeof ZLanguageSchema>;

/** PUT /api/v1/user/language: the language the server answers and writes mails in for this user. */
export const ZSetLanguageBodySchema = z.object({ language: ZLanguageSchema });
export type TSetLanguageBody = z.infer<typeof ZSetLanguageBodySchema>;
export const ZSetLanguageResponseSchema = z.object({ language: ZLanguageSchema });
