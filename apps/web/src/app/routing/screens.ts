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
  import('../../features/users/screens/ClientDashboardScreen.tsx').then((module) => ({
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
export const BusinessStatsScreen = lazy(() =>
  import('../../features/business/screens/StatsScreen.tsx').then((module) => ({ default: module.StatsScreen })),
);
