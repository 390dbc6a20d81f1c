/** PostgreSQL's unique_violation, as both pg and PGlite report it (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** PostgreSQL's exclusion_violation (23P01): an EXCLUDE constraint refused overlapping rows. */
export function isExclusionViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}

/** Socket-level failures on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres says these in words only. */
const POOL_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/**
 * The database cannot be reached right now (down, restarting, out of connections, too slow to
 * connect): a 503 the caller may retry, not a bug. SQLSTATE class 08 (connection exception),
 * 57P01–57P03 (shut down, cannot connect now), 53300 (too many connections).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && POOL_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
