/** Screens load on demand: a visitor on the landing page does not download the therapist's dashboard. */
import { lazy } from 'react';

export const LandingScreen = lazy(() =>
  import('../../features/landing/LandingScreen.tsx').then((module) => ({ default: module.LandingScreen })),
);
export const SignInScreen = lazy(() =>
  import('../../features/auth/screens/SignInScreen.tsx').then((module) => ({ default: module.SignInScreen })),
);
export const SignUpScreen = lazy(() =>
  import('../../features/auth/screens/SignUpScreen.tsx').then((module) => ({ default: module.SignUpScreen })),
);
export const ClientDashboardScreen = lazy(() =>
  import('../../features/dashboard/screens/ClientDashboardScreen.tsx').then((module) => ({
    default: module.ClientDashboardScreen,
  })),
);
export const TherapistDashboardScreen = lazy(() =>
  import('../../features/therapists/screens/TherapistDashboardScreen.tsx').then((module) => ({
    default: module.TherapistDashboardScreen,
  })),
);
export const EmployeesScreen = lazy(() =>
  import('../../features/business/screens/EmployeesScreen.tsx').then((module) => ({ default: module.EmployeesScreen })),
);
export const TherapistStatsScreen = lazy(() =>
  import('../../features/therapist-stats/screens/StatsScreen.tsx').then((module) => ({ default: module.StatsScreen })),
);
export const BusinessStatsScreen = lazy(() =>
  import('../../features/business/screens/StatsScreen.tsx').then((module) => ({ default: module.StatsScreen })),
);
export const QuestionnaireScreen = lazy(() =>
  import('../../features/signup/screens/QuestionnaireScreen.tsx').then((module) => ({
    default: module.QuestionnaireScreen,
  })),
);
export const SuggestionsScreen = lazy(() =>
  import('../../features/matching/screens/SuggestionsScreen.tsx').then((module) => ({
    default: module.SuggestionsScreen,
  })),
);
export const TherapistScreen = lazy(() =>
  import('../../features/booking/screens/TherapistScreen.tsx').then((module) => ({ default: module.TherapistScreen })),
);
export const CheckoutScreen = lazy(() =>
  import('../../features/checkout/screens/CheckoutScreen.tsx').then((module) => ({ default: module.CheckoutScreen })),
);
export const PassesScreen = lazy(() =>
  import('../../features/passes/screens/PassesScreen.tsx').then((module) => ({ default: module.PassesScreen })),
);
export const PaymentScreen = lazy(() =>
  import('../../features/payments/screens/PaymentScreen.tsx').then((module) => ({ default: module.PaymentScreen })),
);
export const PromocodeScreen = lazy(() =>
  import('../../features/promocodes/screens/PromocodeScreen.tsx').then((module) => ({
    default: module.PromocodeScreen,
  })),
);
export const SessionsScreen = lazy(() =>
  import('../../features/booking/screens/SessionsScreen.tsx').then((module) => ({ default: module.SessionsScreen })),
);
export const SessionScreen = lazy(() =>
  import('../../features/booking/screens/SessionScreen.tsx').then((module) => ({ default: module.SessionScreen })),
);
export const ClientCallScreen = lazy(() =>
  import('../../features/video/screens/ClientCallScreen.tsx').then((module) => ({ default: module.ClientCallScreen })),
);
export const TherapistCallScreen = lazy(() =>
  import('../../features/video/screens/TherapistCallScreen.tsx').then((module) => ({
    default: module.TherapistCallScreen,
  })),
);
export const TherapistClientsScreen = lazy(() =>
  import('../../features/therapist-clients/screens/ClientsScreen.tsx').then((module) => ({
    default: module.ClientsScreen,
  })),
);
export const TherapistClientScreen = lazy(() =>
  import('../../features/therapist-clients/screens/ClientScreen.tsx').then((module) => ({
    default: module.ClientScreen,
  })),
);
export const GenomScreen = lazy(() =>
  import('../../features/therapist-profile/screens/GenomScreen.tsx').then((module) => ({
    default: module.GenomScreen,
  })),
);
export const EducationScreen = lazy(() =>
  import('../../features/therapist-profile/screens/EducationScreen.tsx').then((module) => ({
    default: module.EducationScreen,
  })),
);
export const AgreementScreen = lazy(() =>
  import('../../features/therapist-profile/screens/AgreementScreen.tsx').then((module) => ({
    default: module.AgreementScreen,
  })),
);
export const ScheduleScreen = lazy(() =>
  import('../../features/therapist-schedule/screens/ScheduleScreen.tsx').then((module) => ({
    default: module.ScheduleScreen,
  })),
);
export const DataViewsScreen = lazy(() =>
  import('../../features/privacy/screens/DataViewsScreen.tsx').then((module) => ({ default: module.DataViewsScreen })),
);
export const SettingsScreen = lazy(() =>
  import('../../features/settings/screens/SettingsScreen.tsx').then((module) => ({ default: module.SettingsScreen })),
);
