import type { TClientSlot } from '@therapy/contract';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { STORAGE_KEYS } from '../../../config/constants.ts';

/** How long after a session the dashboard keeps asking for its rating; the session's card offers it for good. */
export const RATING_PROMPT_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * Opens the rating of a session (the popup lives with the call; the app layer provides it). Null where no one
 * provides it, and then nothing offers a rating.
 */
const RateSessionContext = createContext<((slotId: string) => void) | null>(null);

export function RateSessionProvider({ rate, children }: { rate: (slotId: string) => void; children: ReactNode }) {
  return <RateSessionContext.Provider value={rate}>{children}</RateSessionContext.Provider>;
}

export function useRatingAction(): ((slotId: string) => void) | null {
  return useContext(RateSessionContext);
}

function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.ratingDismissed) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The sessions whose rating the client declined with «Не оценивать», kept on this device. */
export function useDismissedRatings(): { dismissed: readonly string[]; dismiss: (slotId: string) => void } {
  const [dismissed, setDismissed] = useState(readDismissed);
  const dismiss = useCallback((slotId: string) => {
    const next = [...new Set([...readDismissed(), slotId])].slice(-100);
    try {
      window.localStorage.setItem(STORAGE_KEYS.ratingDismissed, JSON.stringify(next));
    } catch {
      // Without storage the prompt is hidden until the next visit.
    }
    setDismissed(next);
  }, []);
  return { dismissed, dismiss };
}

/**
 * The session the dashboard asks to rate: the latest one that took place, is not rated (the server's `can_rate`),
 * was not declined, and began at most RATING_PROMPT_DAYS ago.
 */
export function sessionAwaitingRating(
  past: readonly TClientSlot[],
  dismissed: readonly string[],
  now: number = Date.now(),
): TClientSlot | null {
  const fresh = past.filter(
    (slot) =>
      slot.can_rate &&
      !dismissed.includes(slot.id) &&
      // Started, not ended: a therapist may end a session early.
      now - Date.parse(slot.starts_at) <= RATING_PROMPT_DAYS * DAY_MS,
  );
  return fresh.sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at))[0] ?? null;
}
