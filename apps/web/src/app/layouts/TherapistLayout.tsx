import { RoleLayout, type TNavItem } from './RoleLayout.tsx';

const THERAPIST_NAV: readonly TNavItem[] = [
  { to: '/therapist', label: 'nav.therapist.home', end: true },
  { to: '/therapist/clients', label: 'nav.therapist.clients' },
  { to: '/therapist/schedule', label: 'nav.therapist.schedule' },
  { to: '/therapist/stats', label: 'nav.therapist.stats' },
  { to: '/therapist/genom', label: 'nav.therapist.genom' },
  { to: '/therapist/education', label: 'nav.therapist.education' },
  { to: '/therapist/settings', label: 'nav.therapist.settings' },
];

export function TherapistLayout() {
  return <RoleLayout forRole="therapist" nav={THERAPIST_NAV} />;
}
