import { CONSENT_VERSION, type TSignUpRequest } from '@therapy/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { employees, type TUserRow, users } from '../../db/schema/index.ts';
import type { TAuditOrigin } from '../../lib/audit.ts';
import { recordConsents, SIGN_UP_CONSENTS } from '../../lib/consents.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { zoneOrDefault } from '../../lib/time.ts';

/**
 * Creates a client account; the consent text version and moment are stored with it, and the
 * acceptance (with its address) goes to the audit trail. An employee
 * invited under this e-mail is linked to the new account.
 */
export async function signUpClient(ctx: TAppContext, input: TSignUpRequest, origin: TAuditOrigin): Promise<TUserRow> {
  if (await isCommonPassword(input.password)) {
    throw new AppError('weak_password', undefined, {
      password: 'Этот пароль слишком распространён, выберите другой',
    });
  }
  if (input.consent_version && input.consent_version !== CONSENT_VERSION) {
    throw new AppError('consent_required', 'Текст согласия обновился: обновите страницу и подтвердите согласие снова', {
      consent: 'Текст согласия обновился',
    });
  }
  const tz = zoneOrDefault(input.tz);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          role: 'client',
          firstName: input.first_name,
          tz,
          ...(input.currency ? { currency: input.currency } : {}),
          signedUp: false,
          consentVersion: CONSENT_VERSION,
          consentAt: new Date(),
        })
        .returning();
      if (!user) throw new AppError('internal');
      // An invited employee becomes their employer's client at once; the employer sees their usage
      // only with the consent given here.
      await tx
        .update(employees)
        .set({ userId: user.id, usageConsentAt: input.share_usage_with_employer ? new Date() : null })
        .where(and(isNull(employees.userId), eq(sql`lower(${employees.email})`, input.email.toLowerCase())));
      // The texts accepted with the tick, with where they were accepted from: the account did not
      // exist a moment ago, so it is its own actor.
      const self = { ...origin, actorId: user.id, actorRole: user.role };
      const linked = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.userId, user.id), isNotNull(employees.usageConsentAt)));
      await recordConsents(tx, user.id, self, [
        ...SIGN_UP_CONSENTS.map((kind) => ({ kind, action: 'accepted' as const })),
        ...(linked.length > 0 ? [{ kind: 'employer_usage' as const, action: 'accepted' as const }] : []),
      ]);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('email_taken', undefined, { email: 'Этот e-mail уже зарегистрирован' });
    throw error;
  }
}
