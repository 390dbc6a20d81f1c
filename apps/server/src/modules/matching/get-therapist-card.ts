import type { TTherapistCard } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadClientProfile } from '../signup/client-profile.ts';
import { loadTherapists } from './load-therapists.ts';
import { therapistCards } from './therapist-cards.ts';

export async function getTherapistCard(ctx: TAppContext, viewer: TUserRow, hashid: string): Promise<TTherapistCard> {
  const id = ctx.hashids.decode('user', hashid);
  const [record] = id === null ? [] : await loadTherapists(ctx, [id]);
  if (!record) throw new AppError('not_found', 'Психолог не найден');
  const profile = await loadClientProfile(ctx.db, viewer.id);
  const cards = await therapistCards(ctx, [record], {
    clientId: viewer.id,
    currency: viewer.currency,
    therapyType: profile.therapyType ?? 'single',
    now: new Date(),
  });
  const card = cards.get(record.user.id);
  if (!card) throw new AppError('not_found', 'Психолог не найден');
  return card;
}
