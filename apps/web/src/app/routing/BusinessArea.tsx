import { BusinessLayout } from '../layouts/BusinessLayout.tsx';
import { RequireRole } from './guards.tsx';

/** The business account's area (routes.tsx loads it when one of its pages opens): the guard and the shell. */
export function BusinessArea() {
  return (
    <RequireRole forRole="business_account">
      <BusinessLayout />
    </RequireRole>
  );
}
