import type { TSignInRequest } from '@therapy/contract';
import { eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TSignInThrottle } from './sign-in-throttle.ts';

let dummyHash: Promise<string> | undefined;

/** The user behind these credentials; an unknown e-mail costs the same time and gets the same answer as a wrong password. */
export async function authenticate(ctx: TAppContext, input: TSignInRequest): Promise<TUserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  dummyHash ??= hashPassword('dummy password that never matches');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) throw new AppError('invalid_credentials');
  return user;
}

const OWN_PAGE: Record<TUserRow['role'], string> = {
  client: 'Вы зарегистрированы как клиент: войдите на странице входа для клиентов',
  therapist: 'Вы зарегистрированы как психолог: войдите на странице входа для психологов',
  business_account: 'Вы зарегистрированы как компания: войдите на странице входа для компаний',
};

/** A sign-in page of one role admits only that role's accounts, and says where the others go; no session is made. */
export function assertSignInPageRole(user: TUserRow, pageRole: TSignInRequest['role']): void {
  if (pageRole && user.role !== pageRole) throw new AppError('forbidden', OWN_PAGE[user.role]);
}

/**
 * `authenticate` behind the per-account throttle: an account with too many failed attempts
 * answers 429 with the wait (the password is not even tried), a failure counts, a success
 * clears the count. `captchaGate`, given the account's failures so far, may refuse first (the captcha
 * plugin after repeated failures); a refusal there counts as no attempt.
 */
export async function authenticateThrottled(
  ctx: TAppContext,
  throttle: TSignInThrottle,
  input: TSignInRequest,
  captchaGate?: (failures: number) => Promise<void>,
): Promise<TUserRow> {
  if (captchaGate) await captchaGate(await throttle.failures(input.email, Date.now()));
  const wait = await throttle.take(input.email, Date.now());
  if (wait > 0) {
    throw new AppError(
      'rate_limited',
      `Слишком много неудачных попыток входа в этот аккаунт. Попробуйте снова через ${Math.ceil(wait / 1000)} с`,
    );
  }
  try {
    const user = await authenticate(ctx, input);
    await throttle.succeeded(input.email);
    return user;
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_credentials')
      await throttle.failed(input.email, Date.now());
    throw error;
  }
}
