import type { TTherapistClient } from '@therapy/contract';

/** Letters only, lower case, ё as е: «Алёна» is found by «алена». */
const normalize = (text: string) => text.toLocaleLowerCase('ru').replaceAll('ё', 'е').trim();

/**
 * The clients whose name (or couple partner's name) contains every word of the search, in the server's order
 * (the next session first). An empty search keeps everyone.
 */
export function filterClients(clients: readonly TTherapistClient[], search: string): TTherapistClient[] {
  const words = normalize(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...clients];
  return clients.filter((client) => {
    const haystack = normalize(`${client.name} ${client.partner_name ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}
