import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../lib/tokens.ts';

const sign = (data: Buffer | string, secret: string) => createHmac('sha256', secret).update(data).digest('base64');

function decodedForm(raw: Buffer): string | null {
  try {
    return decodeURIComponent(raw.toString('utf8').replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * CloudPayments signs every notification with the API secret: `Content-HMAC` is the base64
 * HMAC-SHA256 of the raw body, `X-Content-HMAC` the same over the URL-decoded body.
 * Either one matching is proof enough.
 */
export function verifyCloudPaymentsHmac(
  raw: Buffer,
  headers: { contentHmac: string | undefined; xContentHmac: string | undefined },
  secret: string,
): boolean {
  const overRaw = sign(raw, secret);
  if (headers.contentHmac && safeEqual(headers.contentHmac.trim(), overRaw)) return true;
  if (!headers.xContentHmac) return false;
  const x = headers.xContentHmac.trim();
  if (safeEqual(x, overRaw)) return true;
  const decoded = decodedForm(raw);
  return decoded !== null && safeEqual(x, sign(decoded, secret));
}
