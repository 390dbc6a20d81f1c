import { useCurrentUser } from './session.tsx';
import { browserTimeZone } from './time-zone.ts';

/** Used only when neither the signed-in user nor the browser names a zone. */
const FALLBACK_TIME_ZONE = 'Europe/Moscow';

/** The zone every time is shown in: the signed-in user's `tz` from `window.App`, else the browser's. */
export function useClientTimeZone(): string {
  const user = useCurrentUser();
  return user?.tz || browserTimeZone() || FALLBACK_TIME_ZONE;
}
