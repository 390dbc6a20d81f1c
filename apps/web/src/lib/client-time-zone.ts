import { DEFAULT_TIME_ZONE } from '@therapy/contract/rules';
import { useCurrentUser } from './session.tsx';
import { browserTimeZone } from './time-zone.ts';

/** The zone every time is shown in: the signed-in user's `tz` from `window.App`, else the browser's. */
export function useClientTimeZone(): string {
  const user = useCurrentUser();
  return user?.tz || browserTimeZone() || DEFAULT_TIME_ZONE;
}
