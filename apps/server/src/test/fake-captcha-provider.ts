/**
 * A local stand-in for the captcha providers' verification endpoints, speaking their real protocols, for the
 * server's tests and the e2e journeys (no network there):
 *
 * - reCAPTCHA `POST /recaptcha/api/siteverify`, hCaptcha `POST /siteverify`, Turnstile
 *   `POST /turnstile/v0/siteverify`: a form body `secret`, `response`, `remoteip` (hCaptcha `sitekey`), answered
 *   `{"success", "challenge_ts", "hostname", "error-codes"}`;
 * - Yandex SmartCaptcha `POST /validate`: a form body `secret`, `token`, `ip`, answered `{"status", "message", "host"}`.
 *
 * A token passes when it is one of `goodTokens` and the secret is `secret`; each token passes once, as with the
 * real providers. `mode` makes it slow (answers after `slowMs`) or broken (500).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeCaptchaMode = 'ok' | 'slow' | 'broken';

export type TFakeCaptchaRequest = { path: string; contentType: string; form: Record<string, string> };

export type TFakeCaptchaProvider = {
  /** The server's origin, e.g. http://127.0.0.1:40123. */
  origin: string;
  requests: TFakeCaptchaRequest[];
  mode: TFakeCaptchaMode;
  slowMs: number;
  goodTokens: Set<string>;
  close(): Promise<void>;
};

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

export async function startFakeCaptchaProvider(secret: string): Promise<TFakeCaptchaProvider> {
  const spent = new Set<string>();
  const sockets = new Set<import('node:net').Socket>();
  const fake: Omit<TFakeCaptchaProvider, 'origin' | 'close'> = {
    requests: [],
    mode: 'ok',
    slowMs: 2_000,
    goodTokens: new Set(),
  };
  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const contentType = request.headers['content-type'] ?? '';
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    fake.requests.push({ path, contentType, form });
    if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    if (fake.mode === 'broken') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
      return;
    }
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const judge = (token: string | undefined): string | null => {
      if (form.secret !== secret) return 'invalid-input-secret';
      if (!token) return 'missing-input-response';
      if (spent.has(token)) return 'timeout-or-duplicate';
      if (!fake.goodTokens.has(token)) return 'invalid-input-response';
      spent.add(token);
      return null;
    };
    if (request.method !== 'POST') {
      response.writeHead(405).end();
    } else if (path === '/validate') {
      const problem = judge(form.token);
      json({ status: problem ? 'failed' : 'ok', message: problem ?? '', host: problem ? '' : '127.0.0.1' });
    } else if (['/recaptcha/api/siteverify', '/siteverify', '/turnstile/v0/siteverify'].includes(path)) {
      const problem = judge(form.response);
      json(
        problem
          ? { success: false, 'error-codes': [problem] }
          : { success: true, challenge_ts: new Date().toISOString(), hostname: '127.0.0.1', 'error-codes': [] },
      );
    } else {
      response.writeHead(404).end();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** The path each provider verifies at, on the fake as on the real host. */
export const FAKE_VERIFY_PATHS = {
  recaptcha: '/recaptcha/api/siteverify',
  hcaptcha: '/siteverify',
  turnstile: '/turnstile/v0/siteverify',
  yandex: '/validate',
} as const;
