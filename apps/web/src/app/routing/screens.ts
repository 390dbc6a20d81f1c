/** Screens load on demand: a visitor on the landing page does not download the therapist's dashboard. */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Any component React's lazy() takes (its own constraint, read off its signature). */
type TLazyable = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/** A screen, with a way to start its download (its chunk and what that imports, side by side) before it renders. */
export type TScreen<T extends TLazyable = ComponentType> = LazyExoticComponent<T> & { preload: () => Promise<unknown> };

function screen<T extends TLazyable>(load: () => Promise<{ default: T }>): TScreen<T> {
  return Object.assign(lazy(load), { preload: load });
}

export const LandingScreen = screen(() =>
  import('../../features/landing/LandingScreen.tsx').then((module) => ({ default: module.LandingScreen })),
);
export const SignInScreen = screen(() =>
  import('../../features/auth/screens/SignInScreen.tsx').then((module) => ({ default: module.SignInScreen })),
);
export const SignUpScreen = screen(() =>
  import('../../features/auth/screens/SignUpScreen.tsx').then((module) => ({ default: module.SignUpScreen })),
);
export const ClientDashboardScreen = screen(() =>
  import('../../features/dashboard/screens/ClientDashboardScreen.tsx').then((module) => ({
    default: module.ClientDashboardScreen,
  })),
);
export const TherapistDashboardScreen = screen(() =>
  import('../../features/therapists/screens/TherapistDashboardScreen.tsx').then((module) => ({
    default: module.TherapistDashboardScreen,
  })),
);
export const EmployeesScreen = screen(() =>
  import('../../features/business/screens/EmployeesScreen.tsx').then((module) => ({ default: module.EmployeesScreen })),
);
export const TherapistStatsScreen = screen(() =>
  import('../../features/therapist-stats/screens/StatsScreen.tsx').then((module) => ({ default: module.StatsScreen })),
);
export const BusinessStatsScreen = screen(() =>
  import('../../features/business/screens/StatsScreen.tsx').then((module) => ({ default: module.StatsScreen })),
);
export const QuestionnaireScreen = screen(() =>
  import('../../features/signup/screens/QuestionnaireScreen.tsx').then((module) => ({
    default: module.QuestionnaireScreen,
  })),
);
export const SuggestionsScreen = screen(() =>
  import('../../features/matching/screens/SuggestionsScreen.tsx').then((module) => ({
    default: module.SuggestionsScreen,
  })),
);
export const TherapistScreen = screen(() =>
  import('../../features/booking/screens/TherapistScreen.tsx').then((module) => ({ default: module.TherapistScreen })),
);
export const CheckoutScreen = screen(() =>
  import('../../features/checkout/screens/CheckoutScreen.tsx').then((module) => ({ default: module.CheckoutScreen })),
);
export const PassesScreen = screen(() =>
  import('../../features/passes/screens/PassesScreen.tsx').then((module) => ({ default: module.PassesScreen })),
);
export const PaymentScreen = screen(() =>
  import('../../features/payments/screens/PaymentScreen.tsx').then((module) => ({ default: module.PaymentScreen })),
);
export const PromocodeScreen = screen(() =>
  import('../../features/promocodes/screens/PromocodeScreen.tsx').then((module) => ({
    default: module.PromocodeScreen,
  })),
);
export const SessionsScreen = screen(() =>
  import('../../features/booking/screens/SessionsScreen.tsx').then((module) => ({ default: module.SessionsScreen })),
);
export const SessionScreen = screen(() =>
  import('../../features/booking/screens/SessionScreen.tsx').then((module) => ({ default: module.SessionScreen })),
);
export const ClientCallScreen = screen(() =>
  import('../../features/video/screens/ClientCallScreen.tsx').then((module) => ({ default: module.ClientCallScreen })),
);
export const TherapistCallScreen = screen(() =>
  import('../../features/video/screens/TherapistCallScreen.tsx').then((module) => ({
    default: module.TherapistCallScreen,
  })),
);
export const TherapistClientsScreen = screen(() =>
  import('../../features/therapist-clients/screens/ClientsScreen.tsx').then((module) => ({
    default: module.ClientsScreen,
  })),
);
export const TherapistClientScreen = screen(() =>
  import('../../features/therapist-clients/screens/ClientScreen.tsx').then((module) => ({
    default: module.ClientScreen,
  })),
);
export const GenomScreen = screen(() =>
  import('../../features/therapist-profile/screens/GenomScreen.tsx').then((module) => ({
    default: module.GenomScreen,
  })),
);
export const EducationScreen = screen(() =>
  import('../../features/therapist-profile/screens/EducationScreen.tsx').then((module) => ({
    default: module.EducationScreen,
  })),
);
export const AgreementScreen = screen(() =>
  import('../../features/therapist-profile/screens/AgreementScreen.tsx').then((module) => ({
    default: module.AgreementScreen,
  })),
);
export const ScheduleScreen = screen(() =>
  import('../../features/therapist-schedule/screens/ScheduleScreen.tsx').then((module) => ({
    default: module.ScheduleScreen,
  })),
);
export const DataViewsScreen = screen(() =>
  import('../../features/privacy/screens/DataViewsScreen.tsx').then((module) => ({ default: module.DataViewsScreen })),
);
export const SettingsScreen = screen(() =>
  import('../../features/settings/screens/SettingsScreen.tsx').then((module) => ({ default: module.SettingsScreen })),
);
