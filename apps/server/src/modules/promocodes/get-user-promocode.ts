import type { TPromocodeState, TUserPromocode } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { findAppliedPromocode } from './applied-promocode.ts';
import { promocodeProblemMessage } from './check-promocode.ts';
import { PROMOCODE_BLOCKED_MESSAGE } from './is-promocode-blocked.ts';

/** The applied code in the client's currency: active with its description, or inactive with the reason. */
export async function getUserPromocode(ctx: TAppContext, user: TUserRow, now = new Date()): Promise<TUserPromocode> {
  const applied = await findAppliedPromocode(ctx.db, { userId: user.id, now, currency: user.currency });
  if (!applied) return { active: false, description: null, code: null };
  const { code, problem } = applied;
  if (problem === null) return { active: true, description: code.description, code: code.code };
  const reason = problem === 'blocked' ? PROMOCODE_BLOCKED_MESSAGE : promocodeProblemMessage(problem, code);
  return { active: false, description: reason, code: code.code };
}

export const promocodeState = (p: TUserPromocode): TPromocodeState => ({
  active: p.active,
  description: p.active ? p.description : null,
});
