import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { TConfig } from '../config.ts';
import { captchaFromConfig, captchaOrigins } from '../lib/captcha.ts';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * An HTML page's headers: the static set with a CSP naming a fresh script nonce, which it returns. A page of a
     * signed-in area (`privatePage`) admits no third-party origin at all: no captcha script, style or frame.
     */
    pageSecurity(privatePage?: boolean): string;
  }
}

const NONCE_MARK = 'nonce-0000';

function directives(config: TConfig, scriptNonce?: string, privatePage = false) {
  // The captcha widget's origins only when the plugin is on (spec §2: optional), and never on a page showing health
  // data: the widget is on the public sign-in and sign-up pages, and signing in loads the next page afresh.
  const captcha = privatePage ? [] : captchaOrigins(captchaFromConfig(config));
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(scriptNonce ? [`'${scriptNonce}'`] : []), ...captcha],
    styleSrc: ["'self'", ...captcha],
    frameSrc: ["'self'", ...captcha],
    imgSrc: ["'self'", 'data:', 'blob:'],
    // helmet's default admits fonts from any https host: a request to a third party from every page.
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: [
      "'self'",
      'ws:',
      'wss:',
      ...(config.SENTRY_DSN ? [new URL(config.SENTRY_DSN).origin] : []),
      ...captcha,
    ],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/** The headers helmet sets with these options, read once by running it against a recording response. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
    getHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Helmet's headers, computed once at start instead of per response: every answer (JSON, files, errors)
 * gets the same static set, and only an HTML page mints a nonce and gets a CSP naming it. The CSP
 * itself is still helmet's, built once with a mark in place of the nonce.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: TConfig) {
  const common = headersOf({ contentSecurityPolicy: { directives: directives(config) } });
  const pageCspOf = (privatePage: boolean) => {
    const withMark = headersOf({ contentSecurityPolicy: { directives: directives(config, NONCE_MARK, privatePage) } });
    const [before, after] = (withMark['content-security-policy'] ?? '').split(NONCE_MARK);
    if (after === undefined) throw new Error('the page CSP lost its nonce mark');
    return { before, after };
  };
  const publicCsp = pageCspOf(false);
  const privateCsp = pageCspOf(true);

  app.decorateReply('pageSecurity', function pageSecurity(this: FastifyReply, privatePage = false) {
    const nonce = randomBytes(16).toString('base64url');
    const { before, after } = privatePage ? privateCsp : publicCsp;
    this.header('content-security-policy', `${before}nonce-${nonce}${after}`);
    return nonce;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(common);
    done();
  });
}
