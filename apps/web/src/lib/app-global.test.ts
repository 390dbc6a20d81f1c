import { describe, expect, it, vi } from 'vitest';
import { readAppGlobal, readCurrentUser } from './app-global.ts';

const user = {
  hashid: 'u1',
  role: 'client',
  email: 'client@example.com',
  first_name: 'Ира',
  last_name: 'Котова',
  tz: 'Europe/Moscow',
  signed_up: true,
};
const page = (App: unknown) => ({ App }) as unknown as Window;

describe('window.App', () => {
  it('reads the global the server rendered', () => {
    const app = { env: 'development', user, csrf_token: 'token', sentry_dsn: null };
    expect(readAppGlobal(page(app))).toEqual(app);
    expect(readCurrentUser(page(app))).toEqual(user);
    expect(readCurrentUser(page({ env: 'test', user: null, csrf_token: null }))).toBeNull();
  });

  it('refuses a global that does not match the contract, as if there were none', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const broken of [
      null,
      'App',
      { user: null, csrf_token: null },
      { env: 'test', user: { ...user, role: 'admin' }, csrf_token: null },
      { env: 'test', user: { ...user, signed_up: 'yes' }, csrf_token: null },
      { env: 'test', user: { ...user, email: undefined }, csrf_token: null },
      { env: 'test', user: null, csrf_token: 5 },
    ]) {
      expect(readAppGlobal(page(broken)), JSON.stringify(broken)).toBeNull();
    }
    expect(readAppGlobal(page(undefined))).toBeNull();
  });
});
