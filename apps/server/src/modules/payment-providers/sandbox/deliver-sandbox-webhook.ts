import type { TAppContext } from '../../../context.ts';
import type { TSandboxCheckoutRow } from '../../../db/schema/index.ts';
import { publicBaseUrl } from '../../../lib/public-base-url.ts';
import type { TWebhookSender } from '../types.ts';
import { buildSandboxEvent, type TSandboxEventType } from './sandbox-event.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-signature.ts';

export const SANDBOX_WEBHOOK_PATH = '/api/v1/payments/webhooks/sandbox';

/**
 * Sends a signed event to our webhook endpoint over HTTP, as a real provider would. A
 * delivery that fails is not retried here: reconciliation asks the sandbox later.
 */
export async function deliverSandboxWebhook(
  ctx: TAppContext,
  sendWebhook: TWebhookSender,
  checkout: TSandboxCheckoutRow,
  type: TSandboxEventType,
  options: { attempt?: number; reason?: string | null } = {},
): Promise<{ delivered: boolean; status: number | null }> {
  const body = JSON.stringify(buildSandboxEvent(ctx.hashids, checkout, type, options));
  try {
    const { status } = await sendWebhook({
      url: `${publicBaseUrl(ctx.config)}${SANDBOX_WEBHOOK_PATH}`,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, ctx.config.SANDBOX_WEBHOOK_SECRET),
      },
      body,
    });
    return { delivered: status >= 200 && status < 300, status };
  } catch {
    return { delivered: false, status: null };
  }
}
