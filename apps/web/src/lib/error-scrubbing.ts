/**
 * What error reporting may send from a health-data service: where it failed (stack, page path, status), never what
 * the person typed or read. Request and response bodies, cookies, headers, query strings, `extra`, the user's
 * e-mail and address, and breadcrumbs' data are removed before an event leaves the browser (`beforeSend`,
 * `beforeSendTransaction`, `beforeBreadcrumb` of Sentry.init). Sentry is asked not to collect any of it
 * (`dataCollection`); this is the second lock, which holds whatever an integration adds.
 */
import type { Breadcrumb, Event } from '@sentry/browser';

/** A URL without its query and fragment (which may carry ids, answers or tokens): path only. */
export function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/s, '');
}

/** Breadcrumb fields that say what happened without any content: kept, everything else of `data` goes. */
const SAFE_CRUMB_DATA = new Set(['method', 'status_code']);
/** Breadcrumb data holding addresses: kept without their query. */
const URL_CRUMB_DATA = new Set(['url', 'from', 'to']);

export function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(crumb.data ?? {})) {
    if (SAFE_CRUMB_DATA.has(key) && (typeof value === 'string' || typeof value === 'number')) data[key] = value;
    else if (URL_CRUMB_DATA.has(key) && typeof value === 'string') data[key] = withoutQuery(value);
  }
  const scrubbed: Breadcrumb = { ...crumb, data };
  // A console line may print anything the page held; a click's selector names no content and stays.
  if (crumb.category === 'console' || crumb.category === 'fetch' || crumb.category === 'xhr') delete scrubbed.message;
  return scrubbed;
}

/** Span fields that may hold a query or a body. */
const SPAN_DATA_DROPPED = ['http.query', 'http.fragment', 'http.request.body', 'http.response.body'];

export function scrubEvent<E extends Event>(event: E): E {
  const scrubbed: E = { ...event };
  if (event.request) {
    scrubbed.request = {
      ...(event.request.url ? { url: withoutQuery(event.request.url) } : {}),
      ...(event.request.method ? { method: event.request.method } : {}),
    };
  }
  if (event.contexts) {
    const { response: _response, ...contexts } = event.contexts;
    scrubbed.contexts = contexts;
  }
  delete scrubbed.extra;
  if (event.user) scrubbed.user = event.user.id === undefined ? {} : { id: event.user.id };
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  if (event.transaction) scrubbed.transaction = withoutQuery(event.transaction);
  if (event.spans) {
    scrubbed.spans = event.spans.map((span) => {
      const data: Record<string, unknown> = { ...span.data };
      for (const key of SPAN_DATA_DROPPED) delete data[key];
      for (const key of ['url', 'http.url', 'server.address', 'url.full']) {
        if (typeof data[key] === 'string') data[key] = withoutQuery(data[key]);
      }
      return {
        ...span,
        data: data as typeof span.data,
        ...(span.description ? { description: withoutQuery(span.description) } : {}),
      };
    });
  }
  return scrubbed;
}
