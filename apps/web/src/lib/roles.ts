/** Where each role lives: its home and its sign-in page (one map, like bulletproof-react's policies). */
import type { TRole } from '@therapy/contract';

export const ROLE_HOME: Readonly<Record<TRole, string>> = {
  client: '/lk',
  therapist: '/therapist',
  business_account: '/business/employees',
};

export const ROLE_SIGN_IN: Readonly<Record<TRole, string>> = {
  client: '/auth/sign-in',
  therapist: '/therapist/auth/sign-in',
  business_account: '/business/auth/sign-in',
};

export const SIGN_UP_PATH = '/auth/sign-up';

export function homeOf(role: TRole): string {
  return ROLE_HOME[role];
}

export function signInPathOf(role: TRole): string {
  return ROLE_SIGN_IN[role];
}
