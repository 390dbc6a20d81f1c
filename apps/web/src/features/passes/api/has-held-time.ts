import { routes } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

/** Whether the onboarding checkout still has a held time to pay for: its route answers 404 once the hold is gone. */
export async function hasHeldTime(): Promise<boolean> {
  try {
    await callRoute(routes.checkout);
    return true;
  } catch {
    return false;
  }
}
