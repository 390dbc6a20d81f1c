import { routes } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../i18n/index.ts';
import { recordRequests, server } from '../testing/api-server.ts';
import { makeAppGlobal } from '../testing/fixtures.ts';
import { ApiError, isApiError } from './api-error.ts';
import { apiFetch, callRoute } from './client.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    server.use(http.post('/api/v1/things', () => HttpResponse.json({ ok: true })));
    const requests = recordRequests();
    window.App = makeAppGlobal({ csrf_token: 'token-1' });

    await expect(apiFetch('/api/v1/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });

    const [request] = requests;
    expect(request?.credentials).toBe('same-origin');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.body).toEqual({ a: 1 });
  });

  it('adds X-CSRF-Token from window.App to non-GET requests only', async () => {
    server.use(
      http.get('/api/x', () => HttpResponse.json({})),
      http.delete('/api/x', () => new HttpResponse(null, { status: 204 })),
    );
    const requests = recordRequests();
    window.App = makeAppGlobal({ csrf_token: 'token-2' });

    await apiFetch('/api/x');
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeNull();

    expect(requests[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(requests[1]?.headers['x-csrf-token']).toBe('token-2');
  });

  it('reads the current token each time, falling back to <meta name="csrf-token">', async () => {
    server.use(http.post('/api/x', () => HttpResponse.json({})));
    const requests = recordRequests();
    document.head.innerHTML = '<meta name="csrf-token" content="meta-token">';

    await apiFetch('/api/x', { method: 'POST' });
    window.App = makeAppGlobal({ csrf_token: 'rotated' });
    await apiFetch('/api/x', { method: 'POST' });

    expect(requests.map((request) => request.headers['x-csrf-token'])).toEqual(['meta-token', 'rotated']);
  });

  it('drops empty query values', async () => {
    server.use(http.get('/api/list', () => HttpResponse.json([])));
    const requests = recordRequests();
    await apiFetch('/api/list', { query: { year: 2026, email_cont: '', page: undefined, sort: 'asc' } });
    expect(requests[0]?.url).toBe('/api/list?year=2026&sort=asc');
  });

  it('throws an ApiError with the status and the parsed body on a status ≥ 400', async () => {
    const body = {
      error: { code: 'validation_failed', message: 'Проверьте поля формы', fields: { email: 'Укажите e-mail' } },
    };
    server.use(http.post('/api/form', () => HttpResponse.json(body, { status: 422 })));

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
    server.use(http.get('/api/bad', () => HttpResponse.text('plain text', { status: 400 })));
    const error = (await apiFetch('/api/bad').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.body).toBe('plain text');
    expect(error.details).toBeNull();
    expect(error.fields).toEqual({});
  });

  it('does not fail on 3xx-free success codes below 400', async () => {
    server.use(http.get('/api/ok', () => HttpResponse.json({ fine: 1 }, { status: 299 })));
    await expect(apiFetch('/api/ok')).resolves.toEqual({ fine: 1 });
  });
});

describe('callRoute', () => {
  it('uses the method and path of the contract route', async () => {
    server.use(http.post('/api/v1/auth/sign_in', () => HttpResponse.json({ user: {}, csrf_token: 'x' })));
    const requests = recordRequests();
    await callRoute(routes.signIn, { body: { email: 'a@b.c', password: 'secret' } });
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/v1/auth/sign_in' });
  });

  it('fills :params of the path', async () => {
    server.use(http.get('/api/v1/things/:id', () => HttpResponse.json({})));
    const requests = recordRequests();
    await callRoute(
      {
        method: 'GET',
        path: '/api/v1/things/:id',
        summary: 'A thing',
        roles: 'public',
        response: routes.health.response,
      },
      { params: { id: 'a b' } },
    );
    expect(requests[0]?.url).toBe('/api/v1/things/a%20b');
  });
});

describe('the language of the answers', () => {
  it('asks for the interface language in Accept-Language, and follows a switch', async () => {
    server.use(http.get('/api/x', () => HttpResponse.json({})));
    const requests = recordRequests();
    const i18n = createI18n('ru');
    await apiFetch('/api/x');
    await changeLanguage(i18n, 'en');
    await apiFetch('/api/x');
    expect(requests.map((request) => request.headers['accept-language'])).toEqual(['ru', 'en']);
    createI18n('ru');
  });
});
