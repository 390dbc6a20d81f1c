import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { TAppContext } from '../../../context.ts';
import { sandboxCheckouts, type TPurchaseRow, type TSandboxCheckoutRow } from '../../../db/schema/index.ts';
import type { TExecutor } from '../../../lib/jobs.ts';
import type { TPaymentEvent, TPaymentProvider } from '../types.ts';
import { buildSandboxEvent, sandboxPaymentEvent, type TSandboxEventType } from './sandbox-event.ts';

export const SANDBOX_OPEN_STATUSES = ['open', 'requires_confirmation'] as const;

/** Closes the purchase's sandbox checkout if it is still open, so its page can no longer take money. */
export async function closeSandboxCheckout(tx: TExecutor, purchaseId: number, now: Date): Promise<void> {
  await tx
    .update(sandboxCheckouts)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(eq(sandboxCheckouts.purchaseId, purchaseId), inArray(sandboxCheckouts.status, [...SANDBOX_OPEN_STATUSES])),
    );
}

/** Our own provider: a checkout page of ours (see sandbox-routes.ts) that keeps its sessions in sandbox_checkouts. */
export function createSandboxProvider(ctx: TAppContext): TPaymentProvider {
  const lifetimeMs = ctx.config.SANDBOX_CHECKOUT_MINUTES * 60_000;

  const eventsOf = (checkout: TSandboxCheckoutRow, now: Date): TPaymentEvent[] => {
    const type: TSandboxEventType | null =
      checkout.status === 'succeeded'
        ? 'checkout.succeeded'
        : checkout.status === 'cancelled'
          ? 'checkout.cancelled'
          : checkout.status === 'expired'
            ? 'checkout.expired'
            : null;
    return type ? [sandboxPaymentEvent(ctx.hashids, buildSandboxEvent(ctx.hashids, checkout, type, { now }))] : [];
  };

  return {
    name: 'sandbox',
    async createCheckout(tx, input) {
      const now = Date.now();
      const [created] = await tx
        .insert(sandboxCheckouts)
        .values({
          token: randomBytes(18).toString('base64url'),
          purchaseId: input.purchaseId,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          returnUrl: input.returnPath,
          expiresAt: new Date(now + lifetimeMs),
        })
        .onConflictDoNothing({ target: sandboxCheckouts.purchaseId })
        .returning();
      const checkout =
        created ??
        (await tx.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.purchaseId, input.purchaseId)))[0];
      if (!checkout) throw new Error('sandbox checkout not created');
      return { providerRef: checkout.token, url: `/sandbox/checkout/${checkout.token}` };
    },

    async reconcile(db: TExecutor, purchase: TPurchaseRow, now: Date) {
      // The sandbox, like a real provider, closes a checkout nobody finished within its lifetime.
      await db
        .update(sandboxCheckouts)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            eq(sandboxCheckouts.purchaseId, purchase.id),
            inArray(sandboxCheckouts.status, [...SANDBOX_OPEN_STATUSES]),
            lte(sandboxCheckouts.expiresAt, now),
          ),
        );
      const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.purchaseId, purchase.id));
      if (checkout) return eventsOf(checkout, now);
      // A purchase whose checkout was never opened (the server stopped in between) is over once its lifetime is.
      if (now.getTime() - purchase.createdAt.getTime() < lifetimeMs) return [];
      return [
        {
          provider: 'sandbox',
          eventId: `reconcile_${purchase.id}_no_checkout`,
          type: 'checkout.expired',
          kind: 'cancelled',
          purchaseId: purchase.id,
          providerRef: null,
          providerPaymentId: null,
          card: null,
          money: null,
          reason: 'checkout_never_opened',
          payload: { purchase_id: purchase.id },
        },
      ];
    },
  };
}
