/**
 * The chat as both sides see it: server messages in the order the server stamped them, each once; a message sent
 * from here shows at once as pending and is replaced by the server's copy (matched by `client_id`).
 */
import type { TChatMessage } from '@therapy/contract';
import type { TChatEntry } from './types.ts';

function byServerOrder(a: TChatEntry, b: TChatEntry): number {
  if (a.pending !== b.pending) return a.pending ? 1 : -1;
  if (a.pending) return 0;
  return a.sent_at === b.sent_at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.sent_at < b.sent_at ? -1 : 1;
}

/** Adds a confirmed message: a duplicate id is dropped, a pending copy with the same `client_id` is replaced. */
export function addChatMessage(entries: readonly TChatEntry[], message: TChatMessage): readonly TChatEntry[] {
  if (entries.some((entry) => !entry.pending && entry.id === message.id)) return entries;
  const rest = entries.filter((entry) => !(entry.pending && entry.client_id === message.client_id));
  // Array.prototype.sort is stable, so pending messages keep the order they were written in.
  return [...rest, { ...message, pending: false }].sort(byServerOrder);
}

export function addPendingMessage(entries: readonly TChatEntry[], message: TChatMessage): readonly TChatEntry[] {
  return [...entries, { ...message, pending: true }];
}

/** The history from `joined` (after a reload or a reconnect) replaces what we had; unconfirmed messages stay. */
export function applyChatHistory(
  entries: readonly TChatEntry[],
  history: readonly TChatMessage[],
): readonly TChatEntry[] {
  let merged: readonly TChatEntry[] = entries.filter((entry) => entry.pending);
  for (const message of history) merged = addChatMessage(merged, message);
  return merged;
}
