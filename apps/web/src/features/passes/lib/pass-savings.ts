import type { TPassOffer } from '@therapy/contract';

/**
 * What a bundle saves against buying its sessions one by one: the one-session offer of the same tier and therapy
 * type times the count, less the bundle's price (minor units; 0 when there is nothing to compare or no saving).
 */
export function savingsOf(offer: TPassOffer, catalog: readonly TPassOffer[]): number {
  if (offer.sessions_count <= 1) return 0;
  const single = catalog.find(
    (candidate) =>
      candidate.sessions_count === 1 && candidate.tier === offer.tier && candidate.therapy_type === offer.therapy_type,
  );
  if (!single) return 0;
  return Math.max(0, single.price * offer.sessions_count - offer.price);
}
