import { ZBuyPassResponseSchema } from '@therapy/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passPurchases } from '../../db/schema/index.ts';
import { createPass } from '../../seed/factories.ts';
import { buildCommerceTestApp, newKey, signedInClient } from '../../test/commerce.ts';

let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp();
});
afterAll(() => t.app.close());

describe('payments in the audit trail', () => {
  it('records a started purchase, and the cancellation of the unpaid one a newer purchase replaces, from the client', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const buy = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/user/passes/${t.ctx.hashids.encode('pass', pass.id)}/buy`,
        headers: { ...session.headers, 'idempotency-key': newKey(), 'user-agent': 'Pay Browser' },
        payload: { currency: 'rub', payment_method_key: 'cloud_payments' },
      });
    ZBuyPassResponseSchema.parse((await buy()).json());
    ZBuyPassResponseSchema.parse((await buy()).json());
    const [first, second] = await t.ctx.db
      .select()
      .from(passPurchases)
      .where(eq(passPurchases.userId, client.id))
      .orderBy(asc(passPurchases.id));
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, client.id))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.action, e.actorId, e.userAgent, e.details])).toEqual([
      [
        'payment_started',
        client.id,
        'Pay Browser',
        { purchase: first?.id, provider: 'sandbox', amount: first?.amountPaid, currency: 'rub' },
      ],
      [
        'payment_cancelled',
        client.id,
        'Pay Browser',
        { purchase: first?.id, provider: 'sandbox', reason: 'replaced_by_newer_purchase' },
      ],
      [
        'payment_started',
        client.id,
        'Pay Browser',
        { purchase: second?.id, provider: 'sandbox', amount: second?.amountPaid, currency: 'rub' },
      ],
    ]);
  });
});
