import { routes } from '@therapy/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../testing/fetch-mock.ts';
import { makeAppGlobal } from '../testing/fixtures.ts';
import { ApiError, isApiError } from './api-error.ts';
import { apiFetch, callRoute } from './client.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const requests = mockFetch({ 'POST /api/v1/things': { body: { ok: true } } });
    window.App = makeAppGlobal({ csrf_token: 'token-1' });

    await expect(apiFetch('/api/v1/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });

    const [request] = requests;
    expect(request?.credentials).toBe('same-origin');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.body).toEqual({ a: 1 });
  });

  it('adds X-CSRF-Token from window.App to non-GET requests only', async () => {
    const requests = mockFetch({ 'GET /api/x': { body: {} }, 'DELETE /api/x': { status: 204 } });
    window.App = makeAppGlobal({ csrf_token: 'token-2' });

    await apiFetch('/api/x');
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeNull();

    expect(requests[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(requests[1]?.headers['x-csrf-token']).toBe('token-2');
  });

  it('reads the current token each time, falling back to <meta name="csrf-token">', async () => {
    const requests = mockFetch({ 'POST /api/x': { body: {} } });
    document.head.innerHTML = '<meta name="csrf-token" content="meta-token">';

    await apiFetch('/api/x', { method: 'POST' });
    window.App = makeAppGlobal({ csrf_token: 'rotated' });
    await apiFetch('/api/x', { method: 'POST' });

    expect(requests.map((request) => request.headers['x-csrf-token'])).toEqual(['meta-token', 'rotated']);
  });

  it('drops empty query values', async () => {
    const requests = mockFetch({ 'GET /api/list': { body: [] } });
    await apiFetch('/api/list', { query: { year: 2026, email_cont: '', page: undefined, sort: 'asc' } });
    expect(requests[0]?.url).toBe('/api/list?year=2026&sort=asc');
  });

  it('throws an ApiError with the status and the parsed body on a status ≥ 400', async () => {
    const body = {
      error: { code: 'validation_failed', message: 'Проверьте поля формы', fields: { email: 'Укажите e-mail' } },
    };
    mockFetch({ 'POST /api/form': { status: 422, body } });

    const error = await apiFetch('/api/form', { method: 'POST', body: {} }).catch((caught: unknown) => caught);

    expect(isApiError(error)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.body).toEqual(body);
    expect(apiError.message).toBe('Проверьте поля формы');
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.fields).toEqual({ email: 'Укажите e-mail' });
  });

  it('treats exactly 400 as a failure and keeps a body outside the contract', async () => {
    mockFetch({ 'GET /api/bad': { status: 400, body: 'plain text' } });
    const error = (await apiFetch('/api/bad').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.body).toBe('plain text');
    expect(error.details).toBeNull();
    expect(error.fields).toEqual({});
  });

  it('does not fail on 3xx-free success codes below 400', async () => {
    mockFetch({ 'GET /api/ok': { status: 299, body: { fine: 1 } } });
    await expect(apiFetch('/api/ok')).resolves.toEqual({ fine: 1 });
  });
});

describe('callRoute', () => {
  it('uses the method and path of the contract route', async () => {
    const requests = mockFetch({ 'POST /api/v1/auth/sign_in': { body: { user: {}, csrf_token: 'x' } } });
    await callRoute(routes.signIn, { body: { email: 'a@b.c', password: 'secret' } });
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/v1/auth/sign_in' });
  });

  it('fills :params of the path', async () => {
    const requests = mockFetch({ 'GET /api/v1/things/a%20b': { body: {} } });
    await callRoute(
      { method: 'GET', path: '/api/v1/things/:id', roles: 'public', response: routes.health.response },
      { params: { id: 'a b' } },
    );
    expect(requests[0]?.url).toBe('/api/v1/things/a%20b');
  });
});
