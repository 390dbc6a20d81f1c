import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { TConfig } from '../config.ts';
import { captchaFromConfig, captchaOrigins } from '../lib/captcha.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** An HTML page's headers: the static set with a CSP naming a fresh script nonce, which it returns. */
    pageSecurity(): string;
  }
}

const NONCE_MARK = 'nonce-0000';

function directives(config: TConfig, scriptNonce?: string) {
  // The captcha widget's origins only when the plugin is on (spec §2: optional).
  const captcha = captchaOrigins(captchaFromConfig(config));
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(scriptNonce ? [`'${scriptNonce}'`] : []), ...captcha],
    styleSrc: ["'self'", ...captcha],
    frameSrc: ["'self'", ...captcha],
    imgSrc: ["'self'", 'data:', 'blob:'],
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
  const withMark = headersOf({ contentSecurityPolicy: { directives: directives(config, NONCE_MARK) } });
  const pageCsp = withMark['content-security-policy'] ?? '';
  const [before, after] = pageCsp.split(NONCE_MARK);
  if (after === undefined) throw new Error('the page CSP lost its nonce mark');

  app.decorateReply('pageSecurity', function pageSecurity(this: FastifyReply) {
    const nonce = randomBytes(16).toString('base64url');
    this.header('content-security-policy', `${before}nonce-${nonce}${after}`);
    return nonce;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(common);
    done();
  });
}
