import { STORAGE_KEYS } from '../../../config/constants.ts';

/** A purchase the client left for the payment page, and the held session it pays for (onboarding checkout). */
export type TPendingPurchase = { id: string; slotId: string | null };

/** Buying a pass stores the purchase id (spec §4), so the passes page can follow it after the payment page. */
export function storePendingPurchase(id: string, slotId: string | null = null): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.pendingPurchase, JSON.stringify({ id, slotId }));
  } catch {
    // Without storage the id still comes back in the return address (?purchase=).
  }
}

export function readPendingPurchase(): TPendingPurchase | null {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.pendingPurchase) ?? 'null');
    if (stored && typeof stored === 'object' && 'id' in stored && typeof stored.id === 'string') {
      const slotId = 'slotId' in stored && typeof stored.slotId === 'string' ? stored.slotId : null;
      return { id: stored.id, slotId };
    }
    return null;
  } catch {
    return null;
  }
}

export function clearPendingPurchase(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.pendingPurchase);
  } catch {
    // Nothing to clear.
  }
}
