import type { Event } from '@sentry/browser';
import { describe, expect, it } from 'vitest';
import { scrubBreadcrumb, scrubEvent, withoutQuery } from './error-scrubbing.ts';

const ANSWER = 'Тревога и бессонница после развода';

/** An event as an integration might build it after a failed save of the questionnaire. */
const event: Event = {
  message: 'Request failed with status 500',
  request: {
    url: 'https://app.example/lk/profile?step=3&answer=bessonnitsa#q',
    method: 'PUT',
    data: JSON.stringify({ answers: [ANSWER] }),
    cookies: { sid: 'secret-session' },
    headers: { cookie: 'sid=secret-session', 'x-csrf-token': 'csrf' },
    query_string: 'step=3&answer=bessonnitsa',
  },
  contexts: {
    response: { status_code: 500, data: { therapist: 'Вера Лебедева', answers: [ANSWER] } },
    browser: { name: 'Chrome' },
  },
  extra: { body: { answers: [ANSWER] } },
  user: { id: 'u1', email: 'anna@example.com', ip_address: '10.0.0.1' },
  breadcrumbs: [
    {
      category: 'fetch',
      data: { method: 'PUT', url: '/api/v1/user/signup/questions?x=1', status_code: 500, body: ANSWER },
      message: `PUT ${ANSWER}`,
    },
    { category: 'console', message: `saving ${ANSWER}`, data: { arguments: [ANSWER] } },
    { category: 'navigation', data: { from: '/lk?token=abc', to: '/lk/sessions/xyz?note=1' } },
    { category: 'ui.click', message: 'button.primary' },
  ],
  transaction: '/lk/profile?answer=1',
  spans: [
    {
      span_id: 's',
      trace_id: 't',
      start_timestamp: 0,
      status: 'ok',
      description: 'GET /api/v1/therapist/users/abc?q=anna',
      data: { 'http.url': 'https://app.example/api/v1/therapist/users/abc?q=anna', 'http.query': '?q=anna' },
    },
  ],
};

describe('error reporting scrubs what a person typed or read', () => {
  it('leaves no body, answer, cookie, header, query string or address in an event', () => {
    const scrubbed = scrubEvent(structuredClone(event));
    const text = JSON.stringify(scrubbed);
    for (const secret of [
      ANSWER,
      'Вера Лебедева',
      'secret-session',
      'csrf',
      'bessonnitsa',
      'anna',
      'token=abc',
      '10.0.0.1',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toContain('?');
    expect(scrubbed.request).toEqual({ url: 'https://app.example/lk/profile', method: 'PUT' });
    expect(scrubbed.contexts).toEqual({ browser: { name: 'Chrome' } });
    expect(scrubbed.extra).toBeUndefined();
    expect(scrubbed.user).toEqual({ id: 'u1' });
    // What helps find the failure stays.
    expect(scrubbed.message).toBe('Request failed with status 500');
    expect(scrubbed.breadcrumbs?.[0]).toEqual({
      category: 'fetch',
      data: { method: 'PUT', url: '/api/v1/user/signup/questions', status_code: 500 },
    });
    expect(scrubbed.breadcrumbs?.[2]?.data).toEqual({ from: '/lk', to: '/lk/sessions/xyz' });
    expect(scrubbed.breadcrumbs?.[3]).toEqual({ category: 'ui.click', message: 'button.primary', data: {} });
    expect(scrubbed.spans?.[0]?.description).toBe('GET /api/v1/therapist/users/abc');
  });

  it('scrubs a breadcrumb before it is even kept', () => {
    expect(
      scrubBreadcrumb({ category: 'xhr', data: { url: '/api/x?a=1', request_body: ANSWER, response: ANSWER } }),
    ).toEqual({
      category: 'xhr',
      data: { url: '/api/x' },
    });
    expect(scrubBreadcrumb({ category: 'console', message: ANSWER })).toEqual({ category: 'console', data: {} });
  });

  it('cuts a URL at its query or fragment', () => {
    expect(withoutQuery('/lk?x=1')).toBe('/lk');
    expect(withoutQuery('/lk#a?b')).toBe('/lk');
    expect(withoutQuery('/lk')).toBe('/lk');
  });
});
