/**
 * Reads a page starts before its code has arrived. The page entry (main.ts) asks the API for what the landing
 * screen will ask first (`/lk`: the consents, the dashboard's data and widgets, the sessions its rating prompt reads), beside the download of the app's code; the
 * screen's query, when it runs, takes that response instead of asking again (api/client.ts). Without it the
 * request waits for the app, the router and the screen's chunk, one after another.
 *
 * Kept small and free of the contract: it is part of the entry every page downloads first.
 */

/** A client's pages open behind the consent gate (features/privacy), which reads the consents first. */
const CONSENTS = '/api/v1/user/consents';

/** The API reads of the pages people land on, by the page's path and the signed-in role (paths as in the contract). */
export const EARLY_READS: Record<string, { role: string; paths: string[] }> = {
  '/lk': {
    role: 'client',
    paths: [CONSENTS, '/api/v1/user/lk_data', '/api/v1/user/lk_widgets', '/api/v1/user/slots'],
  },
  '/lk/therapists': { role: 'client', paths: [CONSENTS, '/api/v1/user/suggestions', '/api/v1/user/therapy_methods'] },
  '/lk/call': { role: 'client', paths: [CONSENTS, '/api/v1/user/slot/videobox'] },
};

/** A response waiting longer than this is not taken: the screen asks afresh (it may be old by then). */
export const EARLY_READ_FRESH_MS = 10_000;

type TEarlyRead = { language: string; startedAt: number; response: Promise<Response> };

const started = new Map<string, TEarlyRead>();

/** The headers every read of the API sends (api/client.ts), so an early read is the same request. */
export function readHeaders(language: string): Record<string, string> {
  return { Accept: 'application/json', 'Accept-Language': language };
}

/** Starts the reads of the page at `pagePath` for a user of `role` (nothing for other pages and roles). */
export function startEarlyReads(pagePath: string, role: string | undefined, language: string): void {
  const page = EARLY_READS[pagePath.length > 1 ? pagePath.replace(/\/+$/, '') : pagePath];
  if (!page || page.role !== role) return;
  for (const path of page.paths) {
    const response = fetch(path, { headers: readHeaders(language), credentials: 'same-origin' });
    // A failed early read is not an error of its own: the screen's query makes the request again.
    response.catch(() => {});
    started.set(path, { language, startedAt: Date.now(), response });
  }
}

/**
 * The response of an early read of `path` in `language`, once: the first query of the page takes it, every later
 * one (a refetch, a retry) goes to the network. Null when none was started, it is too old, or it failed.
 */
export function takeEarlyRead(path: string, language: string): Promise<Response> | null {
  const read = started.get(path);
  if (!read) return null;
  started.delete(path);
  if (read.language !== language || Date.now() - read.startedAt > EARLY_READ_FRESH_MS) return null;
  return read.response;
}

/** Forgets every early read (tests). */
export function clearEarlyReads(): void {
  started.clear();
}
