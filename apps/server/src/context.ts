import type { TConfig } from './config.ts';
import type { TDatabase, TDb } from './db/client.ts';
import type { TAuthSessionRow, TUserRow } from './db/schema/index.ts';
import type { THashids } from './lib/ids.ts';

/** What every route and service may use; built once per app instance. */
export type TAppContext = {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  hashids: THashids;
};

export type TAuth = { user: TUserRow; session: TAuthSessionRow };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: TAppContext;
  }
  interface FastifyRequest {
    auth: TAuth | null;
  }
  interface FastifyContextConfig {
    roles?: 'public' | readonly ('client' | 'therapist' | 'business_account')[];
    /** Non-GET routes need the CSRF token unless they say otherwise (sign-in and sign-up carry credentials instead). */
    csrf?: boolean;
  }
}
