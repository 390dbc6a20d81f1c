import type { TApiError, TErrorCode } from '@therapy/contract';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The error of a body in the contract's shape (ZApiErrorSchema: a code, a message, optional per-field messages), or
 * null. Checked by hand so that every page does not download zod and the contract's schemas to read an error.
 */
function errorOf(body: unknown): TApiError['error'] | null {
  if (!isObject(body) || !isObject(body.error)) return null;
  const { error } = body;
  if (typeof error.code !== 'string' || typeof error.message !== 'string') return null;
  if (error.fields !== undefined) {
    if (!isObject(error.fields) || !Object.values(error.fields).every((text) => typeof text === 'string')) return null;
  }
  return error as TApiError['error'];
}

/** A response with status ≥ 400 (spec §5): carries the status and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(errorOf(body)?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's error in the contract shape, or null when the body is something else (a proxy page, empty). */
  get details(): TApiError['error'] | null {
    return errorOf(this.body);
  }

  get code(): TErrorCode | null {
    return this.details?.code ?? null;
  }

  /** Per-field messages (`{ email: 'Укажите e-mail' }`), empty when there are none. */
  get fields(): Record<string, string> {
    return this.details?.fields ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
