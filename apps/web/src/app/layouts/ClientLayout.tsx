import { RoleLayout, type TNavItem } from './RoleLayout.tsx';

const CLIENT_NAV: readonly TNavItem[] = [
  { to: '/lk', label: 'nav.client.dashboard', end: true },
  { to: '/lk/therapists', label: 'nav.client.therapists' },
  { to: '/lk/sessions', label: 'nav.client.sessions' },
  { to: '/lk/passes', label: 'nav.client.passes' },
  { to: '/lk/payment', label: 'nav.client.payment' },
  { to: '/lk/profile', label: 'nav.client.profile' },
  { to: '/lk/promocode', label: 'nav.client.promocode' },
  { to: '/lk/privacy', label: 'nav.client.privacy' },
  { to: '/lk/settings', label: 'nav.client.settings' },
];

export function ClientLayout() {
  return <RoleLayout forRole="client" nav={CLIENT_NAV} />;
}
