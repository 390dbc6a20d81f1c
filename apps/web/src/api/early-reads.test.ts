import { routes } from '@therapy/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../testing/api-server.ts';
import { apiFetch, setRequestLanguage } from './client.ts';
import { clearEarlyReads, EARLY_READ_FRESH_MS, EARLY_READS, startEarlyReads } from './early-reads.ts';

afterEach(() => {
  clearEarlyReads();
  setRequestLanguage('ru');
});

let served = 0;
const dashboard = () =>
  server.use(
    http.get('/api/v1/user/consents', () => HttpResponse.json({ consents: [] })),
    http.get('/api/v1/user/lk_data', () => HttpResponse.json({ n: ++served })),
    http.get('/api/v1/user/lk_widgets', () => HttpResponse.json({ widgets: [] })),
    http.get('/api/v1/user/slots', () => HttpResponse.json({ upcoming: [], past: [] })),
  );

describe('early reads', () => {
  it('are the routes of the contract the screens call', () => {
    const known = new Set(Object.values(routes).map((route) => `${route.method} ${route.path}`));
    for (const page of Object.values(EARLY_READS))
      for (const path of page.paths) expect(known).toContain(`GET ${path}`);
  });

  it('start with the page, and the screen’s first read takes the response instead of asking again', async () => {
    dashboard();
    const requests = recordRequests();
    startEarlyReads('/lk/', 'client', 'ru');
    expect(requests.map((request) => request.url).sort()).toEqual([
      '/api/v1/user/consents',
      '/api/v1/user/lk_data',
      '/api/v1/user/lk_widgets',
      '/api/v1/user/slots',
    ]);
    expect(requests[0]?.headers).toMatchObject({ accept: 'application/json', 'accept-language': 'ru' });
    expect(requests[0]?.credentials).toBe('same-origin');

    const first = await apiFetch<{ n: number }>('/api/v1/user/lk_data');
    expect(requests).toHaveLength(4);
    // A refetch goes to the network: the early response is taken once.
    const second = await apiFetch<{ n: number }>('/api/v1/user/lk_data');
    expect(second.n).toBe(first.n + 1);
    expect(requests).toHaveLength(5);
  });

  it('start nothing on other pages or for another role', () => {
    const requests = recordRequests();
    startEarlyReads('/lk/passes', 'client', 'ru');
    startEarlyReads('/lk', 'therapist', 'ru');
    startEarlyReads('/lk', undefined, 'ru');
    expect(requests).toEqual([]);
  });

  it('are not taken in another language, nor once they are old', async () => {
    dashboard();
    const requests = recordRequests();
    startEarlyReads('/lk', 'client', 'ru');
    setRequestLanguage('en');
    await apiFetch('/api/v1/user/lk_widgets');
    expect(requests.filter((request) => request.url === '/api/v1/user/lk_widgets')).toHaveLength(2);

    setRequestLanguage('ru');
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + EARLY_READ_FRESH_MS + 1);
    await apiFetch('/api/v1/user/lk_data');
    expect(requests.filter((request) => request.url === '/api/v1/user/lk_data')).toHaveLength(2);
  });

  it('that failed are made again by the screen', async () => {
    let calls = 0;
    server.use(
      http.get('/api/v1/user/suggestions', () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json({ ok: 1 }))),
    );
    startEarlyReads('/lk/therapists', 'client', 'ru');
    await expect(apiFetch('/api/v1/user/suggestions')).resolves.toEqual({ ok: 1 });
    expect(calls).toBe(2);
  });
});
