import { Suspense } from 'react';
import { LoadingState } from '../../ui/States.tsx';
import { ClientConsentGate } from './ClientConsentGate.tsx';
import { RequireRole } from './guards.tsx';
import { ClientCallScreen } from './screens.ts';

/** The client's video call: behind the client's guard and consent gate, outside the shell (it fills the window). */
export function ClientCallArea() {
  return (
    <RequireRole forRole="client">
      <ClientConsentGate>
        <Suspense fallback={<LoadingState />}>
          <ClientCallScreen />
        </Suspense>
      </ClientConsentGate>
    </RequireRole>
  );
}
