import { CONSENT_VERSION, type TSignUpRequest } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { zoneOrDefault } from '../../lib/time.ts';

/** Creates a client account; the consent text version and moment are stored with it. */
export async function signUpClient(ctx: TAppContext, input: TSignUpRequest): Promise<TUserRow> {
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
    const [user] = await ctx.db
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
    return user;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('email_taken', undefined, { email: 'Этот e-mail уже зарегистрирован' });
    throw error;
  }
}
