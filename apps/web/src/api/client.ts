/** The one fetch wrapper: JSON in and out, same-origin cookies, CSRF header on writes, status ≥ 400 throws. */
import { buildPath, type THttpMethod, type TRouteDef } from '@therapy/contract';
import type { z } from 'zod';
import { readCsrfToken } from '../lib/app-global.ts';
import { ApiError } from './api-error.ts';
import { readHeaders, takeEarlyRead } from './early-reads.ts';

export type TQuery = Record<string, string | number | boolean | null | undefined>;

export type TRequestOptions = {
  method?: THttpMethod;
  body?: unknown;
  query?: TQuery;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
};

function withQuery(path: string, query: TQuery | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

let requestLanguage = 'ru';

/**
 * The language the API is asked to answer in (`Accept-Language`): the interface's own, so server texts
 * (errors, labels, therapy method names) match it. The i18n layer keeps it in step (`i18n/index.ts`).
 */
export function setRequestLanguage(language: string): void {
  requestLanguage = language;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls the API and returns the parsed JSON body; throws `ApiError` on a status ≥ 400. */
export async function apiFetch<T = unknown>(path: string, options: TRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers, ...readHeaders(requestLanguage) };
  // A file upload (FormData) sets its own multipart content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCsrfToken();
    if (token) headers['X-CSRF-Token'] = token;
  }
  const send = () =>
    fetch(withQuery(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  // The page entry may have made this very read already (api/early-reads.ts); should it have failed, it is made again.
  const plainRead = method === 'GET' && !options.query && !options.headers && options.body === undefined;
  const early = plainRead ? takeEarlyRead(path, requestLanguage) : null;
  const response = await (early ? early.catch(send) : send());
  const body = await readBody(response);
  if (response.status >= 400) throw new ApiError(response.status, body);
  return body as T;
}

type TParams = Record<string, string | number>;

type TBodyOf<R extends TRouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : never;

/** Calls a route of the contract's table (`:id` parts filled from `params`); the response type comes from its schema. */
export function callRoute<R extends TRouteDef>(
  route: R,
  options: {
    body?: TBodyOf<R>;
    query?: TQuery;
    params?: TParams;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  } = {},
): Promise<z.infer<R['response']>> {
  return apiFetch<z.infer<R['response']>>(buildPath(route.path, options.params), {
    method: route.method,
    body: options.body,
    query: options.query,
    signal: options.signal,
    headers: options.headers,
  });
}

/** Sends one file as the multipart field `file` to an upload route of the table (avatars, documents). */
export function uploadFile<R extends TRouteDef>(
  route: R,
  file: File,
  options: { params?: TParams; signal?: AbortSignal } = {},
): Promise<z.infer<R['response']>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<z.infer<R['response']>>(buildPath(route.path, options.params), {
    method: route.method,
    body: form,
    signal: options.signal,
  });
}
