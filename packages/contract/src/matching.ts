import { z } from 'zod';
import { ZOptionSchema, ZTherapistTierSchema } from './signup.ts';
import { ZCurrencySchema } from './users.ts';

export const ZMoneySchema = z.object({ amount: z.number().int(), currency: ZCurrencySchema });
export type TMoney = z.infer<typeof ZMoneySchema>;

/** A therapist as a client sees them: on suggestion lists and the therapist page. */
export const ZTherapistCardSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  female: z.boolean(),
  age: z.number().int().nullable(),
  userpic_url: z.string().nullable(),
  description: z.string().nullable(),
  experience_years: z.number().int().nullable(),
  practice_start: z.string().nullable(),
  education: z.array(z.object({ title: z.string(), institution: z.string(), year: z.number().int() })),
  methods: z.array(ZOptionSchema),
  topics: z.array(ZOptionSchema),
  languages: z.array(ZOptionSchema),
  single: z.boolean(),
  couple: z.boolean(),
  tier: ZTherapistTierSchema,
  /** One session of the client's therapy type, in the client's currency (minor units). */
  price: ZMoneySchema.nullable(),
  nearest_slots: z.array(z.string()),
});
export type TTherapistCard = z.infer<typeof ZTherapistCardSchema>;

export const ZSuggestionSchema = z.object({
  rank: z.number().int(),
  score: z.number(),
  reasons: z.array(z.string()),
  therapist: ZTherapistCardSchema,
});
export type TSuggestion = z.infer<typeof ZSuggestionSchema>;

export const ZSuggestionsResponseSchema = z.object({ suggestions: z.array(ZSuggestionSchema) });
export type TSuggestionsResponse = z.infer<typeof ZSuggestionsResponseSchema>;
export const ZSuggestionsCountSchema = z.object({ count: z.number().int() });
export const ZTherapistIdParamsSchema = z.object({ id: z.string().max(32) });
