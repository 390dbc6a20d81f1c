import type { TSignInRequest } from '@therapy/contract';
import { eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';

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
