import { z } from 'zod';

export const ZRoleSchema = z.enum(['client', 'therapist', 'business_account']);
export type TRole = z.infer<typeof ZRoleSchema>;
