import { ClientLayout } from '../layouts/ClientLayout.tsx';
import { ClientConsentGate } from './ClientConsentGate.tsx';
import { RequireRole } from './guards.tsx';

/** The client's area (routes.tsx loads it when one of its pages opens): the guard, the consent gate, the shell. */
export function ClientArea() {
  return (
    <RequireRole forRole="client">
      <ClientConsentGate>
        <ClientLayout />
      </ClientConsentGate>
    </RequireRole>
  );
}
