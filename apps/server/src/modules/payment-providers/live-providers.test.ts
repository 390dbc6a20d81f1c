import { ZApiErrorSchema, ZBuyPassResponseSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passPurchases } from '../../db/schema/index.ts';
import { createPass } from '../../seed/factories.ts';
import { buildCommerceTestApp, newKey, signedInClient } from '../../test/commerce.ts';

// PAYMENTS_PROVIDER=live: roubles go to CloudPayments, euros to Stripe. No network: a stubbed
// fetch answers as the providers' APIs would, and records what was asked.
let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp({ PAYMENTS_PROVIDER: 'live', PUBLIC_URL: 'https://therapy.example' });
});
afterAll(() => t.app.close());

type TCall = { url: string; headers: Headers; body: string };
function stubFetch(answer: (call: TCall) => Response) {
  const calls: TCall[] = [];
  t.app.payments.fetch = async (input, init) => {
    const call = { url: String(input), headers: new Headers(init?.headers), body: String(init?.body ?? '') };
    calls.push(call);
    return answer(call);
  };
  return calls;
}
const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', 'request-id': 'req_1' },
  });

async function buy(currency: 'rub' | 'eur') {
  const { client, session } = await signedInClient(t);
  const pass = await createPass(t.ctx.db, { sessionsCount: 4, priceRub: 13_200_00, priceEur: 150_00 });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/user/passes/${t.ctx.hashids.encode('pass', pass.id)}/buy`,
    headers: { ...session.headers, 'idempotency-key': newKey() },
    payload: { currency, payment_method_key: currency === 'eur' ? 'stripe' : 'cloud_payments' },
  });
  const [purchase] = await t.ctx.db.select().from(passPurchases).where(eq(passPurchases.userId, client.id));
  return { response, purchase, client };
}

describe('live providers: opening a checkout', () => {
  it('opens a Stripe Checkout Session for euros, with the purchase in its metadata and an idempotency key', async () => {
    const calls = stubFetch(() =>
      json({
        id: 'cs_test_live_1',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_live_1',
      }),
    );
    const { response, purchase } = await buy('eur');
    expect(response.statusCode, response.body).toBe(200);
    expect(ZBuyPassResponseSchema.parse(response.json()).payment_url).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_live_1',
    );
    expect(purchase).toMatchObject({ provider: 'stripe', providerRef: 'cs_test_live_1', status: 'pending' });
    const hashid = t.ctx.hashids.encode('purchase', purchase?.id ?? 0);
    expect(calls[0]?.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(calls[0]?.headers.get('idempotency-key')).toBe(`purchase-${purchase?.id}`);
    const form = new URLSearchParams(calls[0]?.body);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('metadata[purchase_id]')).toBe(hashid);
    expect(form.get('client_reference_id')).toBe(hashid);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('15000');
    expect(form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(form.get('success_url')).toBe(`https://therapy.example/lk/passes?purchase=${hashid}`);
  });

  it('creates a CloudPayments invoice for roubles', async () => {
    const calls = stubFetch(() =>
      json({ Success: true, Model: { Id: 'inv_1', Url: 'https://orders.cloudpayments.ru/d/inv_1' } }),
    );
    const { response, purchase, client } = await buy('rub');
    expect(ZBuyPassResponseSchema.parse(response.json()).payment_url).toBe('https://orders.cloudpayments.ru/d/inv_1');
    expect(purchase).toMatchObject({ provider: 'cloudpayments', providerRef: 'inv_1' });
    expect(calls[0]?.url).toBe('https://api.cloudpayments.ru/orders/create');
    expect(calls[0]?.headers.get('authorization')).toMatch(/^Basic /);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({
      Amount: 13_200,
      Currency: 'RUB',
      InvoiceId: t.ctx.hashids.encode('purchase', purchase?.id ?? 0),
      AccountId: t.ctx.hashids.encode('user', client.id),
    });
  });

  it('answers 502 in Russian when the provider cannot open a checkout, and cancels that purchase', async () => {
    stubFetch(() => new Response('unavailable', { status: 503 }));
    const { response, purchase } = await buy('rub');
    expect(response.statusCode).toBe(502);
    expect(ZApiErrorSchema.parse(response.json()).error).toMatchObject({
      code: 'payment_failed',
      message: 'Платёжная система сейчас недоступна, попробуйте ещё раз через минуту',
    });
    expect(purchase?.status).toBe('cancelled');
    expect(purchase?.failureReason).toContain('checkout_failed');
  });
});
