import type { TCurrentUser } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { isLanguage } from '../../lib/i18n/language.ts';

export function presentCurrentUser(ctx: TAppContext, user: TUserRow): TCurrentUser {
  return {
    hashid: ctx.hashids.encode('user', user.id),
    role: user.role,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    tz: user.tz,
    signed_up: user.signedUp,
    language: isLanguage(user.language) ? user.language : null,
  };
}
