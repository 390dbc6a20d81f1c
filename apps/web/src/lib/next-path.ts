import type { TRole } from '@therapy/contract';

const AREA_PREFIX: Readonly<Record<TRole, string>> = {
  client: '/lk',
  therapist: '/therapist',
  business_account: '/business',
};

/**
 * Where to go after signing in: `next` when it is a page of the signed-in role's own area (so a link into the
 * cabinet survives the sign-in), else null. Never another origin, never a sign-in page.
 */
export function safeNextPath(next: string | null | undefined, role: TRole): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  const prefix = AREA_PREFIX[role];
  const pathname = next.split(/[?#]/)[0] ?? '';
  const inArea = pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (!inArea || pathname.startsWith(`${prefix}/auth`)) return null;
  return next;
}
