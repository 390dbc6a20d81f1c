import type { TAgreementKind } from '@therapy/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { agreementSignatures, type TTherapistRow } from '../../db/schema/index.ts';
import { prepared } from '../../lib/prepared.ts';
import { currentAgreement } from './documents.ts';

export type TLatestSignature = { version: number; signedAt: Date } | null;

const latestSignatureQuery = (db: TAppContext['db']) =>
  db
    .select({ version: agreementSignatures.version, signedAt: agreementSignatures.signedAt })
    .from(agreementSignatures)
    .where(
      and(
        eq(agreementSignatures.therapistUserId, sql.placeholder('userId')),
        eq(agreementSignatures.kind, sql.placeholder('kind')),
      ),
    )
    .orderBy(desc(agreementSignatures.version))
    .limit(1)
    .prepare('latest_signature');

export async function latestSignature(
  ctx: TAppContext,
  userId: number,
  kind: TAgreementKind,
): Promise<TLatestSignature> {
  const [row] = await prepared(ctx.db, 'latest_signature', latestSignatureQuery).execute({ userId, kind });
  return row ?? null;
}

/**
 * Whether the therapist must sign the current version: staff flagged them (the column, cleared by signing),
 * or they signed an older version than the current one (a new version raises the flag again).
 */
export function mustSign(flagged: boolean, signed: TLatestSignature, kind: TAgreementKind): boolean {
  return flagged || (signed !== null && signed.version < currentAgreement(kind).version);
}

/**
 * Both flags of `GET /api/v1/therapist/current`, from the versions the therapist signed last (null: never),
 * which that read takes in its own statement.
 */
export function mustSignFlags(
  therapist: Pick<TTherapistRow, 'mustSignAgreement' | 'mustSignContract'>,
  signed: { agreement: number | null; contract: number | null },
) {
  const version = (v: number | null): TLatestSignature => (v === null ? null : { version: v, signedAt: new Date(0) });
  return {
    must_sign_agreement: mustSign(therapist.mustSignAgreement, version(signed.agreement), 'agreement'),
    must_sign_contract: mustSign(therapist.mustSignContract, version(signed.contract), 'contract'),
  };
}
