import { type TApiError, type TErrorCode, ZApiErrorSchema } from '@therapy/contract';

/** A response with status ≥ 400 (spec §5): carries the status and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const parsed = ZApiErrorSchema.safeParse(body);
    super(parsed.success ? parsed.data.error.message : `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's error in the contract shape, or null when the body is something else (a proxy page, empty). */
  get details(): TApiError['error'] | null {
    const parsed = ZApiErrorSchema.safeParse(this.body);
    return parsed.success ? parsed.data.error : null;
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
