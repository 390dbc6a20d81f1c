import { LRUCache } from 'lru-cache';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { listConsents } from './consents.ts';

/**
 * Clients known to have accepted every required text in its current version. Only that answer is kept: the
 * versions are constants of this build and a required consent cannot be withdrawn, so it stays true for the
 * life of the process on every node; a client still to accept is looked up again on each request (they are
 * at the gate, which asks once).
 */
const upToDate = new LRUCache<number, true>({ max: 100_000 });

/** Known to have accepted every required text: the answer without a database read (the gate's hot path). */
export const knownUpToDate = (clientId: number): boolean => upToDate.has(clientId);

/** Whether the client has a required consent text to accept before anything else. */
export async function hasPendingConsent(ctx: Pick<TAppContext, 'db'>, client: TUserRow): Promise<boolean> {
  if (upToDate.has(client.id)) return false;
  const { consents } = await listConsents(ctx, client);
  const pending = consents.some((consent) => consent.needs_acceptance);
  if (!pending) upToDate.set(client.id, true);
  return pending;
}
