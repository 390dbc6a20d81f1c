import type { TChangePasswordRequest, TChangePasswordResponse } from '@therapy/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { authSessions, type TAuthSessionRow, type TUserRow, users } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';

/**
 * Changes the password after checking the current one and, in the same transaction, ends every
 * other session of the user: whoever signed in with the old password is out. The current session stays.
 */
export async function changePassword(
  ctx: TAppContext,
  user: TUserRow,
  current: TAuthSessionRow,
  input: TChangePasswordRequest,
  origin: TAuditOrigin,
): Promise<TChangePasswordResponse> {
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    // 422 on the field, not 401: the session is fine, the form is not.
    throw new AppError('validation_failed', 'Текущий пароль указан неверно', {
      current_password: 'Текущий пароль указан неверно',
    });
  }
  if (await isCommonPassword(input.new_password)) {
    throw new AppError('weak_password', undefined, {
      new_password: 'Этот пароль слишком распространён, выберите другой',
    });
  }
  if (input.new_password === input.current_password) {
    throw new AppError('weak_password', 'Новый пароль совпадает с текущим', {
      new_password: 'Новый пароль совпадает с текущим',
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    const ended = await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, user.id), ne(authSessions.tokenHash, current.tokenHash)))
      .returning({ tokenHash: authSessions.tokenHash });
    await appendAudit(tx, origin, [
      { action: 'password_changed', subjectId: user.id, details: { ended_sessions: ended.length } },
    ]);
    return ended;
  });
  // After the commit: the ended sessions are refused on every node, and the current one's copy holds the new row.
  await ctx.sessions.invalidate([...ended.map((row) => row.tokenHash), current.tokenHash]);
  return { ended_sessions: ended.length };
}
