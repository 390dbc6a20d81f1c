import { z } from 'zod';

export const ZEducationEntrySchema = z.object({
  title: z.string(),
  institution: z.string(),
  year: z.number().int(),
});
export type TEducationEntry = z.infer<typeof ZEducationEntrySchema>;

/** [filled, total] per genom group (spec §3 "Therapist genom"). */
export const ZGenomCounterSchema = z.tuple([z.number().int(), z.number().int()]);
export const ZGenomFilledSchema = z.object({
  about_clients: ZGenomCounterSchema,
  private_info: ZGenomCounterSchema,
});
export type TGenomFilled = z.infer<typeof ZGenomFilledSchema>;

/** GET /api/v1/therapist/current: every field of spec §3 "Therapist". */
export const ZTherapistCurrentSchema = z.object({
  hashid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  tz: z.string(),
  female: z.boolean(),
  video_profile: z.string().nullable(),
  videoask_link: z.string().nullable(),
  avatar_thumb: z.string().nullable(),
  avatar_large: z.string().nullable(),
  curator_id: z.string().nullable(),
  curator_link: z.string().nullable(),
  curator_name: z.string().nullable(),
  must_sign_agreement: z.boolean(),
  must_sign_contract: z.boolean(),
  education: z.array(ZEducationEntrySchema),
  practice_start: z.string().nullable(),
  single: z.boolean(),
  couple: z.boolean(),
  genom_filled: ZGenomFilledSchema,
});
export type TTherapistCurrent = z.infer<typeof ZTherapistCurrentSchema>;
