import type { TConfig } from './config.ts';
import type { TDatabase, TDb } from './db/client.ts';
import type { TAuthSessionRow, TUserRow } from './db/schema/index.ts';
import type { TFileStore } from './lib/file-store.ts';
import type { THashids } from './lib/ids.ts';
import type { TReadCache } from './lib/read-cache.ts';
import type { TReadiness } from './lib/readiness.ts';
import type { TSessionCache } from './lib/session-cache.ts';

/** What every route and service may use; built once per app instance. */
export type TAppContext = {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  hashids: THashids;
  /** Avatars, education documents and reports: outside the web root, served only through checked routes. */
  files: TFileStore;
  /** The dependencies /readyz probes: the database here, Redis where the module that uses it adds it. */
  readiness: TReadiness;
  /** Signed-in sessions kept in memory, never once revoked (lib/session-cache.ts). */
  sessions: TSessionCache;
  /** Signed-in users' hot reads kept in memory while nothing they show has changed (lib/read-cache.ts). */
  reads: TReadCache;
};

export type TAuth = { user: TUserRow; session: TAuthSessionRow };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: TAppContext;
    /**
     * The key of the sign-in a `Cookie` header names (the sha256 of its session cookie), without a lookup; null
     * without one. For a path that skips Fastify's request pipeline (the signaling upgrade) and checks the sign-in itself.
     */
    sessionKeyOf(cookieHeader: string | undefined): string | null;
  }
  interface FastifyRequest {
    /** The signed-in user and their session, loaded from the cookie (null without one); routes get them typed by role (lib/route.ts). */
    user: TUserRow | null;
    session: TAuthSessionRow | null;
    /**
     * Routes with `sessionLookup: 'key-only'`: the session row's key (sha256 of the cookie) without a lookup (null
     * without a cookie); the route checks the session itself. Null on every other route.
     */
    sessionKey: string | null;
  }
  interface FastifyContextConfig {
    roles?: 'public' | readonly ('client' | 'therapist' | 'business_account')[];
    /** Non-GET routes need the CSRF token unless they say otherwise (sign-in and sign-up carry credentials instead). */
    csrf?: boolean;
    /** Posted to by other sites on purpose (payment providers' webhooks, which carry a signature): no Origin check. */
    crossSite?: true;
    /** Media types a body may have (contract routes: from `bodyTypes`); another `Content-Type` gets 415. */
    mediaTypes?: readonly string[];
    /**
     * 'key-only': the cookie's session is not looked up for this route (no `user`, no `session`, no roles); it gets
     * `sessionKey` and checks the sign-in itself (the signaling socket does, batched with its join).
     */
    sessionLookup?: 'key-only';
    /** Answered from the read cache (lib/read-cache.ts); the route says so for the tests that check its tables. */
    cachePerUser?: true;
    /** Open to a client with a consent text still to accept (the contract's `beforeConsent`); see plugins/consent-gate.ts. */
    beforeConsent?: true;
  }
}
