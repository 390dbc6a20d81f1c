import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../lib/tokens.ts';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
const TOLERANCE_SECONDS = 5 * 60;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as Stripe signs its webhooks. */
export function signSandboxPayload(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** True for a signature made with our secret over this exact body, no older (or newer) than five minutes. */
export function verifySandboxSignature(
  body: string,
  header: string | undefined,
  secret: string,
  nowMs = Date.now(),
): boolean {
  if (!header || header.length > 1000) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = hmac(secret, timestamp, body);
  return parts.some(([key, value]) => key === 'v1' && value !== undefined && safeEqual(value, expected));
}
