/** The signed-in user for the React tree, read once from `window.App` when the app mounts. */
import type { TCurrentUser } from '@therapy/contract';
import { createContext, type ReactNode, useContext } from 'react';

const SessionContext = createContext<TCurrentUser | null>(null);

export function SessionProvider({ user, children }: { user: TCurrentUser | null; children: ReactNode }) {
  return <SessionContext.Provider value={user}>{children}</SessionContext.Provider>;
}

/** The signed-in user, or null when signed out. */
export function useCurrentUser(): TCurrentUser | null {
  return useContext(SessionContext);
}

/** The full name as people read it: 'Анна Петрова', or just the first name. */
export function displayName(person: { first_name: string; last_name: string }): string {
  return [person.first_name, person.last_name].filter((part) => part.trim() !== '').join(' ');
}
