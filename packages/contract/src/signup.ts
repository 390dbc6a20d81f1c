import { z } from 'zod';

export const ZTherapyTypeSchema = z.enum(['single', 'couple']);
export type TTherapyType = z.infer<typeof ZTherapyTypeSchema>;
export const ZTherapistTierSchema = z.enum(['standard', 'senior', 'expert']);
export type TTherapistTier = z.infer<typeof ZTherapistTierSchema>;

export const SIGNUP_STEPS = ['profile', 'therapy_type', 'topics', 'preferences', 'done'] as const;
export const ZSignupStepSchema = z.enum(SIGNUP_STEPS);

/** GET/PUT /api/v1/user/signup/profile */
export const ZSignupProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  age: z.number().int().nullable(),
  tz: z.string(),
  therapy_type: ZTherapyTypeSchema.nullable(),
  step: ZSignupStepSchema,
});
export type TSignupProfile = z.infer<typeof ZSignupProfileSchema>;

export const ZSignupProfileUpdateSchema = z
  .object({
    first_name: z.string().trim().min(1, { error: 'Укажите имя' }).max(100, { error: 'Слишком длинное имя' }),
    last_name: z.string().trim().max(100, { error: 'Слишком длинная фамилия' }),
    age: z
      .number({ error: 'Укажите возраст числом' })
      .int({ error: 'Укажите возраст целым числом' })
      .min(18, { error: 'Сервис доступен с 18 лет' })
      .max(120, { error: 'Проверьте возраст' }),
    tz: z.string().max(64),
    therapy_type: ZTherapyTypeSchema,
    step: ZSignupStepSchema,
  })
  .partial()
  .strict();
export type TSignupProfileUpdate = z.infer<typeof ZSignupProfileUpdateSchema>;

export const ZTherapistSexPreferenceSchema = z.enum(['female', 'male', 'any']);

export const ZClientPreferencesSchema = z.object({
  therapist_sex: ZTherapistSexPreferenceSchema.optional(),
  therapist_age: z
    .object({
      min: z.number().int().min(18).max(100).optional(),
      max: z.number().int().min(18).max(100).optional(),
    })
    .optional(),
  language_ids: z.array(z.string().max(8)).max(11).optional(),
  price_tiers: z.array(ZTherapistTierSchema).max(3).optional(),
  method_codes: z.array(z.string().max(40)).max(19).optional(),
});
export type TClientPreferences = z.infer<typeof ZClientPreferencesSchema>;

/** GET/PUT /api/v1/user/signup/questions: the answers so far. */
export const ZSignupQuestionsSchema = z.object({
  therapy_type: ZTherapyTypeSchema.nullable(),
  topic_codes: z.array(z.string()),
  preferences: ZClientPreferencesSchema,
  step: ZSignupStepSchema,
  completed: z.boolean(),
});
export type TSignupQuestions = z.infer<typeof ZSignupQuestionsSchema>;

export const ZSignupQuestionsUpdateSchema = z
  .object({
    therapy_type: ZTherapyTypeSchema,
    topic_codes: z.array(z.string().max(40)).max(30, { error: 'Выберите не больше 30 тем' }),
    preferences: ZClientPreferencesSchema,
    step: ZSignupStepSchema,
    /** true when the client finishes the questionnaire: the account counts as signed up. */
    complete: z.boolean(),
  })
  .partial()
  .strict();
export type TSignupQuestionsUpdate = z.infer<typeof ZSignupQuestionsUpdateSchema>;

export const ZOptionSchema = z.object({ code: z.string(), label: z.string() });
export type TOption = z.infer<typeof ZOptionSchema>;

/** GET /api/v1/user/questions?therapy_type=: what to ask, with the options from the taxonomies. */
export const ZQuestionSchema = z.object({
  code: z.enum(['topic_codes', 'therapist_sex', 'therapist_age', 'language_ids', 'price_tiers', 'method_codes']),
  title: z.string(),
  hint: z.string().nullable(),
  kind: z.enum(['multi', 'single', 'range']),
  options: z.array(ZOptionSchema),
  required: z.boolean(),
});
export type TQuestion = z.infer<typeof ZQuestionSchema>;
export const ZQuestionsQuerySchema = z.object({ therapy_type: ZTherapyTypeSchema.default('single') });
export const ZQuestionsResponseSchema = z.object({
  therapy_type: ZTherapyTypeSchema,
  questions: z.array(ZQuestionSchema),
});
export type TQuestionsResponse = z.infer<typeof ZQuestionsResponseSchema>;

export const ZTherapyMethodsResponseSchema = z.array(ZOptionSchema);
