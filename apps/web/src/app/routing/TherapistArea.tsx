import { TherapistLayout } from '../layouts/TherapistLayout.tsx';
import { RequireRole } from './guards.tsx';

/** The therapist's area (routes.tsx loads it when one of its pages opens): the guard and the shell. */
export function TherapistArea() {
  return (
    <RequireRole forRole="therapist">
      <TherapistLayout />
    </RequireRole>
  );
}
