import { randomUUID } from 'node:crypto';
import { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { TConfig } from '../config.ts';

/**
 * Keys whose values never reach a log line, wherever they sit in a logged object: passwords and
 * their hashes, tokens and secrets, cookies and session ids, card data, a client's answers.
 */
const SECRET_KEY =
  /^(password|new_password|current_password|password_?hash|hash|.*token.*|.*secret.*|cookie|set-cookie|authorization|x-csrf-token|sid|session_?id|card|card_?number|pan|cvc|cvv|answers|.*_answers)$/i;
export const REDACTED = '[redacted]';

/** Query parameters a URL may carry a secret in. */
const SECRET_QUERY = /([?&](?:token|join_token|sid|code|password|secret)=)[^&#]*/gi;
/** Path segments that are secrets themselves: the calendar feed's token (`/api/v1/calendar/<token>.ics`). */
const SECRET_PATH = /(\/api\/v1\/calendar\/)[^/?#]+/gi;

/** Copies plain objects and arrays with secret keys censored; other objects go to their serializers. */
function censor(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (!value || typeof value !== 'object' || depth > 8 || seen.has(value)) return value;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => censor(item, depth + 1, seen));
  }
  if (proto !== Object.prototype && proto !== null) return value;
  seen.add(value);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEY.test(key) ? REDACTED : censor(item, depth + 1, seen);
  }
  return copy;
}

/** What an error may say in a log: its kind, message and where, never the values it was working on. */
const ERROR_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'schema', 'severity', 'routine'] as const;

/** Drizzle puts the query's parameters (a password hash, an e-mail) into the message: keep only the query. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, '');

type TSafeError = { [key: string]: unknown; type: string; message: string; stack: string };

export function serializeError(error: Error, depth = 0): TSafeError {
  const message = withoutParams(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: TSafeError = {
    type: error.constructor?.name ?? 'Error',
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  // pg's `detail` ("Key (email)=(…) already exists") and drizzle's `params` are left out on purpose.
  if (error.cause !== undefined && depth < 5) out.cause = serializeLogged(error.cause, depth + 1);
  return out;
}

/** Anything logged under an error key: an Error as above, another object not at all. */
function serializeLogged(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return serializeError(value, depth);
  return typeof value === 'object' && value !== null ? '[non-error object]' : value;
}

/** Fastify's request line, with secret query parameters censored. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY, `$1${REDACTED}`).replace(SECRET_PATH, `$1${REDACTED}`),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino options shared by every logger of the app: redaction, safe errors, the request id label. */
type TLoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export function loggerOptions(config: TConfig): TLoggerOptions {
  return {
    level: config.LOG_LEVEL,
    formatters: {
      log: (object: Record<string, unknown>) => censor(object, 0, new WeakSet()) as Record<string, unknown>,
    },
    serializers: {
      // pino hands over whatever was logged under `err`, an Error or not.
      err: (error: Error) => serializeLogged(error) as TSafeError,
      error: serializeLogged,
      req: serializeRequest as never,
    },
    // Readable lines for a person at a terminal; JSON lines for everything else (log collectors).
    ...(config.APP_ENV === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/** Request ids unique across nodes and restarts, under the same name in log lines and error answers. */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
  // Fastify's two lines per request (incoming, completed) cost more than some reads themselves: one
  // line per request instead, written by registerRequestIds when it says something (see there).
  logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
} satisfies Partial<FastifyServerOptions>;

/** An answer slower than this is always logged, at warn. */
const SLOW_MS = 1000;

type TErrorPayload = { error: { code: string; message: string; request_id?: string } };
const isErrorPayload = (payload: unknown): payload is TErrorPayload =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { error?: { code?: unknown } }).error?.code === 'string';

/** Every answer carries its request id (x-request-id), and every error body names it too, so a report finds its log lines. */
export function registerRequestIds(app: FastifyInstance, config: Pick<TConfig, 'LOG_REQUEST_SAMPLE' | 'LOG_LEVEL'>) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // One line per answer, with its request id: every refusal and failure (4xx, 5xx), every slow answer,
  // and one in LOG_REQUEST_SAMPLE of the rest (each one at debug level); errors keep their own lines.
  let answered = 0;
  const everyAnswer = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const notable = reply.statusCode >= 400 || ms >= SLOW_MS;
    if (notable || ++answered % config.LOG_REQUEST_SAMPLE === 0 || everyAnswer) {
      request.log[reply.statusCode >= 500 || ms >= SLOW_MS ? 'warn' : 'info'](
        { req: request, res: { statusCode: reply.statusCode }, responseTime: ms },
        'request completed',
      );
    }
    done();
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (!isErrorPayload(payload) || payload.error.request_id) return done(null, payload);
    done(null, { error: { ...payload.error, request_id: request.id } });
  });
}
