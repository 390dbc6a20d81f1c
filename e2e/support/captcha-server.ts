// A server of its own with the Turnstile captcha plugin on, verifying tokens at a local fake provider that speaks
// Cloudflare's siteverify protocol. No Playwright test APIs here, as in video-server.ts.
import {
  startFakeCaptchaProvider,
  type TFakeCaptchaProvider,
} from '../../apps/server/src/test/fake-captcha-provider.ts';
import { startVideoServer, type TVideoServer } from './video-server.ts';

/** Turnstile's script as the pages load it (with query parameters after it). */
export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';
export const TURNSTILE_SECRET = 'turnstile-secret-for-the-e2e-journeys';

export type TCaptchaServer = TVideoServer & { provider: TFakeCaptchaProvider };

/** The fake provider and a server that asks it; `env` is added to the server's environment. Stops both. */
export async function startCaptchaServer(env: Record<string, string> = {}): Promise<TCaptchaServer> {
  const provider = await startFakeCaptchaProvider(TURNSTILE_SECRET);
  try {
    const server = await startVideoServer({
      env: {
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SITE_KEY: '0x4AAAAAAAe2e-site-key',
        CAPTCHA_SECRET_KEY: TURNSTILE_SECRET,
        CAPTCHA_VERIFY_URL: `${provider.origin}/turnstile/v0/siteverify`,
        ...env,
      },
    });
    const stop = async () => {
      await server.stop();
      await provider.close();
    };
    return { ...server, provider, stop };
  } catch (err) {
    await provider.close();
    throw err;
  }
}
