import type { TAgreement, TAgreementKind } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { agreementSignatures, therapists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { currentAgreement, textHash } from './documents.ts';
import { latestSignature, mustSign } from './must-sign.ts';

const FLAG = { agreement: 'mustSignAgreement', contract: 'mustSignContract' } as const;

async function therapistRow(ctx: TAppContext, userId: number) {
  const [row] = await ctx.db.select().from(therapists).where(eq(therapists.userId, userId)).limit(1);
  if (!row) throw new AppError('not_found', 'Профиль психолога не найден');
  return row;
}

export async function getAgreement(ctx: TAppContext, userId: number, kind: TAgreementKind): Promise<TAgreement> {
  const row = await therapistRow(ctx, userId);
  const signed = await latestSignature(ctx, userId, kind);
  const text = currentAgreement(kind);
  return {
    kind,
    ...text,
    must_sign: mustSign(row[FLAG[kind]], signed, kind),
    signed: signed && { version: signed.version, signed_at: signed.signedAt.toISOString() },
  };
}

export type TSignOrigin = { ip: string; userAgent: string | null };

/**
 * Signs the version the therapist read. If a newer version appeared meanwhile, nothing is signed (409):
 * a signature must name the text that was on the screen. Signing twice keeps the first signature.
 */
export async function signAgreement(
  ctx: TAppContext,
  userId: number,
  kind: TAgreementKind,
  version: number,
  origin: TSignOrigin,
): Promise<TAgreement> {
  await therapistRow(ctx, userId);
  const text = currentAgreement(kind);
  if (version !== text.version) {
    throw new AppError('conflict', 'Документ обновился: прочитайте новую редакцию и подпишите её');
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(agreementSignatures)
      .values({
        therapistUserId: userId,
        kind,
        version,
        textSha256: textHash(text),
        ip: origin.ip,
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
      })
      .onConflictDoNothing();
    await tx
      .update(therapists)
      .set({ [FLAG[kind]]: false })
      .where(eq(therapists.userId, userId));
  });
  return getAgreement(ctx, userId, kind);
}
