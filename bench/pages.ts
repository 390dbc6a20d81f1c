// The pages the front-end benchmarks open (bench/bundle-size.ts, bench/lighthouse.ts), on a server of their own: a
// fresh data folder with the demo world and one session starting now, so the call's device check has a call to show.
import type { APIRequestContext } from '@playwright/test';
import { startVideoServer, type TVideoServer } from '../e2e/support/video-server.ts';

export const PASSWORD = 'demo-password';

export type TBenchPage = {
  name: string;
  path: string;
  /** Signed in as this account first (cookies), or a visitor. */
  as: string | null;
};

export function benchPages(server: TVideoServer): TBenchPage[] {
  return [
    { name: 'sign-in', path: '/auth/sign-in', as: null },
    { name: 'client dashboard', path: '/lk', as: 'client@example.com' },
    { name: 'therapist list', path: '/lk/therapists', as: 'client@example.com' },
    { name: 'call device check', path: '/lk/call', as: server.seed.clientEmail },
  ];
}

/** Signs in through the API; the session and CSRF cookies stay in the request context (and its browser context). */
export async function signInOver(request: APIRequestContext, baseURL: string, email: string): Promise<string> {
  const response = await request.post(`${baseURL}/api/v1/auth/sign_in`, {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL },
  });
  if (!response.ok()) throw new Error(`sign-in of ${email} answered ${response.status()}: ${await response.text()}`);
  const cookies = (await request.storageState()).cookies;
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export { startVideoServer, type TVideoServer };
