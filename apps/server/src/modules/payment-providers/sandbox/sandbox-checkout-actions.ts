import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TAppContext } from '../../../context.ts';
import { sandboxCheckouts, type TSandboxCheckoutRow } from '../../../db/schema/index.ts';
import type { TWebhookSender } from '../types.ts';
import { renderCheckoutPage, type TCheckoutView } from './checkout-page.ts';
import { deliverSandboxWebhook } from './deliver-sandbox-webhook.ts';
import { SANDBOX_OPEN_STATUSES } from './sandbox-provider.ts';
import { readCard, type TCardForm } from './test-cards.ts';

export type TSandboxAnswer = { status: number; html: string } | { redirect: string } | null;

const page = (checkout: TSandboxCheckoutRow, view: TCheckoutView, status = 200): TSandboxAnswer => ({
  status,
  html: renderCheckoutPage(checkout, view),
});

const find = async (ctx: TAppContext, token: string) =>
  token.length > 64
    ? undefined
    : (await ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.token, token)))[0];

/** What the page shows for the checkout as it stands (an open one past its lifetime reads as expired). */
function currentView(checkout: TSandboxCheckoutRow, now: Date): TCheckoutView {
  if (checkout.status === 'succeeded') return { kind: 'succeeded' };
  if (checkout.status === 'cancelled') return { kind: 'cancelled' };
  if (checkout.status === 'expired' || checkout.expiresAt <= now) return { kind: 'expired' };
  return checkout.status === 'requires_confirmation' ? { kind: '3ds' } : { kind: 'form' };
}

export async function showCheckout(ctx: TAppContext, token: string, now = new Date()): Promise<TSandboxAnswer> {
  const checkout = await find(ctx, token);
  return checkout ? page(checkout, currentView(checkout, now)) : null;
}

/** Moves an open checkout on, if it is still open and within its lifetime; null when another request got there first. */
async function transition(
  ctx: TAppContext,
  token: string,
  from: readonly TSandboxCheckoutRow['status'][],
  set: Partial<Pick<TSandboxCheckoutRow, 'status' | 'cardLast'>> & { failedAttempt?: boolean },
  now: Date,
): Promise<TSandboxCheckoutRow | null> {
  const { failedAttempt, ...values } = set;
  const [row] = await ctx.db
    .update(sandboxCheckouts)
    .set({
      ...values,
      updatedAt: now,
      ...(failedAttempt ? { failedAttempts: sql`${sandboxCheckouts.failedAttempts} + 1` } : {}),
    })
    .where(
      and(
        eq(sandboxCheckouts.token, token),
        inArray(sandboxCheckouts.status, [...from]),
        gt(sandboxCheckouts.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

async function succeed(
  ctx: TAppContext,
  send: TWebhookSender,
  token: string,
  cardLast: string | null,
  now: Date,
): Promise<TSandboxAnswer> {
  const done = await transition(
    ctx,
    token,
    SANDBOX_OPEN_STATUSES,
    { status: 'succeeded', ...(cardLast ? { cardLast } : {}) },
    now,
  );
  if (!done) return showCheckout(ctx, token, now);
  await deliverSandboxWebhook(ctx, send, done, 'checkout.succeeded');
  return { redirect: done.returnUrl };
}

async function decline(
  ctx: TAppContext,
  send: TWebhookSender,
  token: string,
  from: 'open' | 'requires_confirmation',
  message: string,
  reason: string,
  now: Date,
) {
  const declined = await transition(ctx, token, [from], { status: 'open', failedAttempt: true }, now);
  if (!declined) return showCheckout(ctx, token, now);
  await deliverSandboxWebhook(ctx, send, declined, 'checkout.payment_failed', {
    attempt: declined.failedAttempts,
    reason,
  });
  return page(declined, { kind: 'form', error: message }, 402);
}

/** The card form: the test card decides: success, a decline (the client may retry) or a 3-D Secure step. */
export async function payCheckout(
  ctx: TAppContext,
  send: TWebhookSender,
  token: string,
  form: TCardForm,
  now = new Date(),
): Promise<TSandboxAnswer> {
  const checkout = await find(ctx, token);
  if (!checkout) return null;
  const view = currentView(checkout, now);
  if (view.kind !== 'form') return page(checkout, view, 409);
  const card = readCard(form, now);
  if (!card.ok) {
    return page(
      checkout,
      { kind: 'form', error: 'Проверьте данные карты', fieldErrors: card.errors, values: card.values },
      422,
    );
  }
  if (card.outcome === 'declined') {
    return decline(
      ctx,
      send,
      token,
      'open',
      'Банк отклонил платёж. Попробуйте другую карту или отмените оплату.',
      'card_declined',
      now,
    );
  }
  if (card.outcome === 'requires_3ds') {
    const waiting = await transition(
      ctx,
      token,
      ['open'],
      { status: 'requires_confirmation', cardLast: card.last4 },
      now,
    );
    return waiting ? { redirect: `/sandbox/checkout/${encodeURIComponent(token)}` } : showCheckout(ctx, token, now);
  }
  return succeed(ctx, send, token, card.last4, now);
}

/** The 3-D Secure step: the bank's «Подтвердить» pays, «Отклонить» declines and lets the client try again. */
export async function confirmCheckout(
  ctx: TAppContext,
  send: TWebhookSender,
  token: string,
  decision: unknown,
  now = new Date(),
): Promise<TSandboxAnswer> {
  const checkout = await find(ctx, token);
  if (!checkout) return null;
  const view = currentView(checkout, now);
  if (view.kind !== '3ds') return page(checkout, view, 409);
  if (decision === 'confirm') return succeed(ctx, send, token, null, now);
  if (decision !== 'reject') return page(checkout, view, 422);
  return decline(
    ctx,
    send,
    token,
    'requires_confirmation',
    'Платёж не подтверждён в 3-D Secure. Попробуйте ещё раз или используйте другую карту.',
    '3ds_rejected',
    now,
  );
}

/** «Отменить оплату»: the checkout ends, the purchase is cancelled, the browser goes back to the site. */
export async function cancelCheckout(
  ctx: TAppContext,
  send: TWebhookSender,
  token: string,
  now = new Date(),
): Promise<TSandboxAnswer> {
  const cancelled = await transition(ctx, token, SANDBOX_OPEN_STATUSES, { status: 'cancelled' }, now);
  if (!cancelled) return showCheckout(ctx, token, now);
  await deliverSandboxWebhook(ctx, send, cancelled, 'checkout.cancelled', { reason: 'cancelled_by_client' });
  return { redirect: cancelled.returnUrl };
}
