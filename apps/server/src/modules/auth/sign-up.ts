import { CONSENT_VERSION, type TSignUpRequest } from '@therapy/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { employees, type TUserRow, users } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
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
  if (isCommonPassword(input.password)) {
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
      // The consent and where it was given from: the account did not exist a moment ago, so it is its own actor.
      await appendAudit(tx, { ...origin, actorId: user.id, actorRole: user.role }, [
        {
          action: 'consent_accepted',
          subjectId: user.id,
          details: { consent: 'health_data', version: CONSENT_VERSION },
        },
      ]);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('email_taken', undefined, { email: 'Этот e-mail уже зарегистрирован' });
    throw error;
  }
}
