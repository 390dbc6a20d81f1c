import { z } from 'zod';
import taxonomies from './taxonomies.json' with { type: 'json' };
import { ZGenomFilledSchema } from './therapists.ts';

const codes = (list: { code: string }[]) => list.map((o) => o.code);

/**
 * The answers a genom field may hold: the labels of `taxonomies.json` for the groups' lists (stored as
 * shown, as the seed and matching read them), codes for methods, topics and languages.
 */
export const GENOM_CHOICES = {
  professions: taxonomies.genom_about_clients.professions,
  religion_groups: taxonomies.genom_about_clients.religion_groups,
  special_groups: taxonomies.genom_about_clients.special_groups,
  age_groups: taxonomies.genom_about_clients.age_groups,
  cultural_groups: taxonomies.genom_about_clients.cultural_groups,
  family_status: taxonomies.genom_private_info.family_status,
  communication_format: taxonomies.genom_private_info.communication_format,
  working_methods: codes(taxonomies.therapy_methods),
  topics: codes(taxonomies.single_topics),
  couple_topics: codes(taxonomies.couple_topics),
  language_ids: codes(taxonomies.languages),
} as const;

export const GENOM_TEXT_LIMITS = { address: 300, other_professions: 500, desc: 3000 } as const;
export const GENOM_DOB_AGE = { min: 21, max: 90 } as const;

/** The genom as stored and shown: every field of spec §3 "Therapist genom", `desc`, `language_ids`, `dob`. */
export const ZGenomSchema = z.object({
  // Group 'about clients'.
  professions: z.array(z.string()),
  religion_groups: z.array(z.string()),
  special_groups: z.array(z.string()),
  age_groups: z.array(z.string()),
  cultural_groups: z.array(z.string()),
  // Group 'private info'.
  address: z.string().nullable(),
  offline_consultation: z.boolean().nullable(),
  family_status: z.string().nullable(),
  other_professions: z.string().nullable(),
  working_methods: z.array(z.string()),
  communication_format: z.array(z.string()),
  audio_consultation: z.boolean().nullable(),
  medical_education: z.boolean().nullable(),
  nutritional_expertise: z.boolean().nullable(),
  // Outside the counted groups: what clients read and what matching filters on.
  desc: z.string().nullable(),
  language_ids: z.array(z.string()),
  topics: z.array(z.string()),
  couple_topics: z.array(z.string()),
  /** Date of birth, YYYY-MM-DD (spec: part of the genom base); clients see the age, matching filters on it. */
  dob: z.string().nullable(),
});
export type TGenom = z.infer<typeof ZGenomSchema>;

const readList = (value: unknown, allowed: readonly string[]): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && allowed.includes(v)) : [];
const readText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const readYesNo = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/**
 * The stored answers as the contract shows them (the server reads its rows through this, so the form,
 * the counters and matching see the same answers). Stored data predates the checks (seeds, imports), so
 * anything a field cannot hold reads as unanswered rather than failing the page.
 */
export function readGenom(stored: Readonly<Record<string, unknown>>): TGenom {
  const family = readText(stored.family_status);
  const dob = readText(stored.dob);
  return {
    professions: readList(stored.professions, GENOM_CHOICES.professions),
    religion_groups: readList(stored.religion_groups, GENOM_CHOICES.religion_groups),
    special_groups: readList(stored.special_groups, GENOM_CHOICES.special_groups),
    age_groups: readList(stored.age_groups, GENOM_CHOICES.age_groups),
    cultural_groups: readList(stored.cultural_groups, GENOM_CHOICES.cultural_groups),
    address: readText(stored.address),
    offline_consultation: readYesNo(stored.offline_consultation),
    family_status: family && GENOM_CHOICES.family_status.includes(family) ? family : null,
    other_professions: readText(stored.other_professions),
    working_methods: readList(stored.working_methods, GENOM_CHOICES.working_methods),
    communication_format: readList(stored.communication_format, GENOM_CHOICES.communication_format),
    audio_consultation: readYesNo(stored.audio_consultation),
    medical_education: readYesNo(stored.medical_education),
    nutritional_expertise: readYesNo(stored.nutritional_expertise),
    desc: readText(stored.desc),
    language_ids: readList(stored.language_ids, GENOM_CHOICES.language_ids),
    topics: readList(stored.topics, GENOM_CHOICES.topics),
    couple_topics: readList(stored.couple_topics, GENOM_CHOICES.couple_topics),
    dob: dob && /^\d{4}-\d{2}-\d{2}$/.test(dob) ? dob : null,
  };
}

/** GET and PUT /api/v1/therapist/settings/genom: the saved genom and its counters per group, `[filled, total]`. */
export const ZGenomResponseSchema = z.object({ genom: ZGenomSchema, genom_filled: ZGenomFilledSchema });
export type TGenomResponse = z.infer<typeof ZGenomResponseSchema>;

/** A list answer: only the given choices, each once; the message names the field's list. */
const choices = (allowed: readonly string[], max: number = allowed.length) =>
  z
    .array(z.string({ error: 'Выберите вариант из списка' }), { error: 'Выберите варианты из списка' })
    .max(max, { error: `Не больше ${max}` })
    .refine((values) => values.every((v) => allowed.includes(v)), { error: 'Есть вариант не из списка' })
    .refine((values) => new Set(values).size === values.length, { error: 'Вариант выбран дважды' });

const text = (max: number) =>
  z
    .string({ error: 'Введите текст' })
    .trim()
    .max(max, { error: `Не длиннее ${max} символов` })
    .transform((v) => (v === '' ? null : v))
    .nullable();

const yesNo = z.boolean({ error: 'Ответьте «да» или «нет»' }).nullable();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Full years between a YYYY-MM-DD birth date and `today` (UTC calendar dates). */
export function ageOn(dob: string, today: Date): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (before ? 1 : 0);
}

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const dob = z
  .string({ error: 'Укажите дату рождения' })
  .regex(ISO_DATE, { error: 'Дата в формате ГГГГ-ММ-ДД' })
  .refine(isRealDate, { error: 'Такой даты нет' })
  .refine(
    (v) => {
      const age = ageOn(v, new Date());
      return age >= GENOM_DOB_AGE.min && age <= GENOM_DOB_AGE.max;
    },
    { error: `Возраст должен быть от ${GENOM_DOB_AGE.min} до ${GENOM_DOB_AGE.max} лет` },
  )
  .nullable();

/** PUT /api/v1/therapist/settings/genom: the whole genom; every field checked, messages in Russian. */
export const ZGenomUpdateSchema = z
  .object({
    professions: choices(GENOM_CHOICES.professions),
    religion_groups: choices(GENOM_CHOICES.religion_groups),
    special_groups: choices(GENOM_CHOICES.special_groups),
    age_groups: choices(GENOM_CHOICES.age_groups),
    cultural_groups: choices(GENOM_CHOICES.cultural_groups),
    address: text(GENOM_TEXT_LIMITS.address),
    offline_consultation: yesNo,
    family_status: z
      .string({ error: 'Выберите вариант из списка' })
      .refine((v) => GENOM_CHOICES.family_status.includes(v), { error: 'Выберите вариант из списка' })
      .nullable(),
    other_professions: text(GENOM_TEXT_LIMITS.other_professions),
    working_methods: choices(GENOM_CHOICES.working_methods, 8),
    communication_format: choices(GENOM_CHOICES.communication_format),
    audio_consultation: yesNo,
    medical_education: yesNo,
    nutritional_expertise: yesNo,
    desc: text(GENOM_TEXT_LIMITS.desc),
    language_ids: choices(GENOM_CHOICES.language_ids).refine((v) => v.length > 0, {
      error: 'Выберите хотя бы один язык',
    }),
    topics: choices(GENOM_CHOICES.topics),
    couple_topics: choices(GENOM_CHOICES.couple_topics),
    dob,
  })
  .strict();
export type TGenomUpdate = z.output<typeof ZGenomUpdateSchema>;
export type TGenomUpdateInput = z.input<typeof ZGenomUpdateSchema>;

/**
 * GET /api/v1/therapist/settings/genom_alert (spec §4): `success` is true while the notice should show: a
 * genom group is not complete and the therapist has not dismissed the notice in the last 30 days.
 */
export const ZGenomAlertSchema = z.object({ success: z.boolean() });
export type TGenomAlert = z.infer<typeof ZGenomAlertSchema>;

// ——— Education ———

export const ZEducationKindSchema = z.enum(['degree', 'course', 'certificate']);
export type TEducationKind = z.infer<typeof ZEducationKindSchema>;
/** Staff check each entry against its document; any edit of an entry sends it back to `pending`. */
export const ZVerificationSchema = z.enum(['pending', 'verified', 'rejected']);
export type TVerification = z.infer<typeof ZVerificationSchema>;

export const EDUCATION_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const EDUCATION_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const EDUCATION_MAX_ENTRIES = 30;

/** An uploaded document; `url` serves it to its therapist only. */
export const ZEducationDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type TEducationDocument = z.infer<typeof ZEducationDocumentSchema>;

export const ZEducationItemSchema = z.object({
  id: z.string(),
  kind: ZEducationKindSchema,
  title: z.string(),
  institution: z.string(),
  year: z.number().int(),
  document: ZEducationDocumentSchema.nullable(),
  verification: ZVerificationSchema,
});
export type TEducationItem = z.infer<typeof ZEducationItemSchema>;

/** GET and POST /api/v1/therapist/settings/education: the whole list. */
export const ZEducationResponseSchema = z.object({ education: z.array(ZEducationItemSchema) });
export type TEducationResponse = z.infer<typeof ZEducationResponseSchema>;

/** `required` whole, not built from a word: the server's English catalogue matches it as it is. */
const entryText = (required: string) =>
  z.string({ error: required }).trim().min(2, { error: required }).max(200, { error: 'Не длиннее 200 символов' });

export const ZEducationEntryInputSchema = z
  .object({
    /** An existing entry's id keeps its verification when nothing in it changed; absent for a new entry. */
    id: z.string().max(40).optional(),
    kind: z.enum(ZEducationKindSchema.options, { error: 'Выберите: диплом, курс или сертификат' }),
    title: entryText('Укажите название'),
    institution: entryText('Укажите учебное заведение'),
    year: z
      .number({ error: 'Укажите год числом' })
      .int({ error: 'Укажите год числом' })
      .min(1950, { error: 'Год не раньше 1950' })
      .refine((y) => y <= new Date().getUTCFullYear(), { error: 'Год ещё не наступил' }),
    /** The id an upload answered with, or null for an entry without a document. */
    document_id: z.string().max(40).nullable(),
  })
  .strict();

/** POST /api/v1/therapist/settings/education: the whole list replaces the saved one. */
export const ZEducationUpdateSchema = z
  .object({
    education: z
      .array(ZEducationEntryInputSchema)
      .max(EDUCATION_MAX_ENTRIES, { error: `Не больше ${EDUCATION_MAX_ENTRIES} записей` }),
  })
  .strict();
export type TEducationUpdate = z.output<typeof ZEducationUpdateSchema>;
export type TEducationUpdateInput = z.input<typeof ZEducationUpdateSchema>;

// ——— Avatar, video links, sex ———

export const AVATAR_MAX_BYTES = 8 * 1024 * 1024;
/** Square sizes made on the server: the thumb for cards and lists, the large one for the profile. */
export const AVATAR_SIZES = { avatar_thumb: 160, avatar_large: 640 } as const;

export const ZAvatarResponseSchema = z.object({ avatar_thumb: z.string(), avatar_large: z.string() });
export type TAvatarResponse = z.infer<typeof ZAvatarResponseSchema>;

const httpsLink = z
  .string({ error: 'Введите ссылку' })
  .trim()
  .max(500, { error: 'Не длиннее 500 символов' })
  .refine(
    (v) => {
      if (v === '') return true;
      try {
        return new URL(v).protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'Ссылка должна начинаться с https://' },
  )
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** PUT /api/v1/therapist/settings/profile: sex (shown as 'Женский' / 'Мужской'), the video profile and the VideoAsk link. */
export const ZTherapistProfileUpdateSchema = z
  .object({
    female: z.boolean({ error: 'Выберите пол' }),
    video_profile: httpsLink,
    videoask_link: httpsLink,
  })
  .strict();
export type TTherapistProfileUpdate = z.output<typeof ZTherapistProfileUpdateSchema>;
export type TTherapistProfileUpdateInput = z.input<typeof ZTherapistProfileUpdateSchema>;

export const ZTherapistProfileSchema = z.object({
  female: z.boolean(),
  video_profile: z.string().nullable(),
  videoask_link: z.string().nullable(),
});
export type TTherapistProfile = z.infer<typeof ZTherapistProfileSchema>;

/** Spec §9. */
export const SEX_LABELS = { female: 'Женский', male: 'Мужской' } as const;

// ——— Agreement and contract ———

/** The agreement, and the contract for free sessions (spec §6). */
export const ZAgreementKindSchema = z.enum(['agreement', 'contract']);
export type TAgreementKind = z.infer<typeof ZAgreementKindSchema>;

/** GET /api/v1/therapist/agreements/:kind and the answer of signing: the current version and where the therapist stands. */
export const ZAgreementSchema = z.object({
  kind: ZAgreementKindSchema,
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** True while the therapist has to sign this version (the `must_sign_*` flag of `GET /api/v1/therapist/current`). */
  must_sign: z.boolean(),
  /** The therapist's latest signature of this kind, of whatever version. */
  signed: z.object({ version: z.number().int(), signed_at: z.string() }).nullable(),
});
export type TAgreement = z.infer<typeof ZAgreementSchema>;

export const ZAgreementParamsSchema = z.object({ kind: ZAgreementKindSchema });

/** POST /api/v1/therapist/agreements/:kind/sign: the version read; an older one is refused (409). */
export const ZAgreementSignSchema = z
  .object({ version: z.number({ error: 'Укажите версию документа' }).int().positive() })
  .strict();
