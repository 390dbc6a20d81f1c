import { RoleLayout, type TNavItem } from './RoleLayout.tsx';

const BUSINESS_NAV: readonly TNavItem[] = [
  { to: '/business/employees', label: 'nav.business.employees' },
  { to: '/business/stats', label: 'nav.business.stats' },
];

export function BusinessLayout() {
  return <RoleLayout forRole="business_account" nav={BUSINESS_NAV} />;
}
