import { RoleLayout, type TNavItem } from './RoleLayout.tsx';

/** The chosen business, year and view survive moving between the two pages (spec §4). */
const BUSINESS_CHOICE = ['business', 'year', 'view'];

const BUSINESS_NAV: readonly TNavItem[] = [
  { to: '/business/employees', label: 'nav.business.employees', keepSearch: BUSINESS_CHOICE },
  { to: '/business/stats', label: 'nav.business.stats', keepSearch: BUSINESS_CHOICE },
  { to: '/business/settings', label: 'nav.business.settings' },
];

export function BusinessLayout() {
  return <RoleLayout forRole="business_account" nav={BUSINESS_NAV} />;
}
