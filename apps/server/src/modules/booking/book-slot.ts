import type { TClientSlot } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadTherapist } from '../schedule/find-therapist.ts';
import { bookHeldSlot } from './book-held-slot.ts';
import { findFittingPass } from './find-fitting-pass.ts';
import { decodeSlotId, loadClientSlot, lockClientSlot } from './load-client-slot.ts';
import { presentClientSlot } from './present-slot.ts';

/**
 * POST /api/v1/user/slots/:id/book: books the client's held slot from a fitting pass.
 * Without one the client is sent to buy a pass (the checkout can carry the held slot and
 * books it when the payment completes). Booking a booked slot again answers it as it is.
 */
export async function bookSlot(
  ctx: TAppContext,
  client: TUserRow,
  hashid: string,
  input: { client_pass_id?: string | undefined } | null | undefined,
): Promise<TClientSlot> {
  const slotId = decodeSlotId(ctx, hashid);
  const wantedPassId =
    input?.client_pass_id === undefined ? undefined : ctx.hashids.decode('client_pass', input.client_pass_id);
  await ctx.db.transaction(async (tx) => {
    const slot = await lockClientSlot(tx, client.id, slotId);
    if (slot.status === 'booked') return;
    if (slot.status === 'expired') throw new AppError('hold_expired');
    if (slot.status !== 'held') throw new AppError('conflict', 'Эту сессию нельзя забронировать');
    if (slot.startsAt.getTime() <= Date.now()) throw new AppError('too_late', 'Это время уже прошло');
    const found = await loadTherapist(tx, slot.therapistId);
    if (!found) throw new AppError('not_found', 'Психолог не найден');
    const pass =
      wantedPassId === null
        ? null
        : await findFittingPass(tx, {
            clientId: client.id,
            therapyType: slot.therapyType,
            tier: found.therapist.tier,
            startsAt: slot.startsAt,
            ...(wantedPassId === undefined ? {} : { clientPassId: wantedPassId }),
          });
    if (!pass) {
      throw new AppError(
        'pass_required',
        wantedPassId === undefined
          ? 'Чтобы записаться, купите абонемент: подходящего абонемента с оставшимися сессиями нет'
          : 'Этот абонемент не подходит для этой сессии',
      );
    }
    const result = await bookHeldSlot(tx, { slotId, clientId: client.id, clientPassId: pass.id });
    if (!result.booked) throw new AppError('conflict', 'Не удалось забронировать сессию, попробуйте ещё раз');
  });
  return presentClientSlot(ctx, await loadClientSlot(ctx, client.id, hashid), client.tz);
}
