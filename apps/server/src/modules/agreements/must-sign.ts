import type { TAgreementKind } from '@therapy/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { agreementSignatures, type TTherapistRow } from '../../db/schema/index.ts';
import { currentAgreement } from './documents.ts';

export type TLatestSignature = { version: number; signedAt: Date } | null;

export async function latestSignature(
  ctx: TAppContext,
  userId: number,
  kind: TAgreementKind,
): Promise<TLatestSignature> {
  const [row] = await ctx.db
    .select({ version: agreementSignatures.version, signedAt: agreementSignatures.signedAt })
    .from(agreementSignatures)
    .where(and(eq(agreementSignatures.therapistUserId, userId), eq(agreementSignatures.kind, kind)))
    .orderBy(desc(agreementSignatures.version))
    .limit(1);
  return row ?? null;
}

/**
 * Whether the therapist must sign the current version: staff flagged them (the column, cleared by signing),
 * or they signed an older version than the current one (a new version raises the flag again).
 */
export function mustSign(flagged: boolean, signed: TLatestSignature, kind: TAgreementKind): boolean {
  return flagged || (signed !== null && signed.version < currentAgreement(kind).version);
}

/** Both flags of `GET /api/v1/therapist/current`. */
export async function mustSignFlags(ctx: TAppContext, therapist: TTherapistRow) {
  const [agreement, contract] = await Promise.all([
    latestSignature(ctx, therapist.userId, 'agreement'),
    latestSignature(ctx, therapist.userId, 'contract'),
  ]);
  return {
    must_sign_agreement: mustSign(therapist.mustSignAgreement, agreement, 'agreement'),
    must_sign_contract: mustSign(therapist.mustSignContract, contract, 'contract'),
  };
}
