/**
 * The page routes. Visitors: `/`, `/auth/sign-in`, `/auth/sign-up`, `/therapist/auth/sign-in`,
 * `/business/auth/sign-in`. Clients: `/lk/…`; therapists: `/therapist/…`; business accounts: `/business/…`.
 */
import { Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { LoadingState } from '../../ui/States.tsx';
import { BusinessLayout } from '../layouts/BusinessLayout.tsx';
import { ClientLayout } from '../layouts/ClientLayout.tsx';
import { PublicLayout } from '../layouts/PublicLayout.tsx';
import { TherapistLayout } from '../layouts/TherapistLayout.tsx';
import { ClientConsentGate, RedirectSignedIn, RequireRole } from './guards.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import { RouteError } from './RouteError.tsx';
import {
  AgreementScreen,
  BusinessStatsScreen,
  CheckoutScreen,
  ClientCallScreen,
  ClientDashboardScreen,
  DataViewsScreen,
  EducationScreen,
  EmployeesScreen,
  GenomScreen,
  LandingScreen,
  PassesScreen,
  PaymentScreen,
  PromocodeScreen,
  QuestionnaireScreen,
  ScheduleScreen,
  SessionScreen,
  SessionsScreen,
  SettingsScreen,
  SignInScreen,
  SignUpScreen,
  SuggestionsScreen,
  TherapistCallScreen,
  TherapistClientScreen,
  TherapistClientsScreen,
  TherapistDashboardScreen,
  TherapistScreen,
  TherapistStatsScreen,
} from './screens.ts';

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

const notFound: RouteObject = { path: '*', element: <NotFoundScreen /> };

export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            element: (
              <RedirectSignedIn>
                <LandingScreen />
              </RedirectSignedIn>
            ),
          },
          {
            path: 'auth/sign-in',
            element: (
              <RedirectSignedIn>
                <SignInScreen forRole="client" />
              </RedirectSignedIn>
            ),
          },
          {
            path: 'auth/sign-up',
            element: (
              <RedirectSignedIn>
                <SignUpScreen />
              </RedirectSignedIn>
            ),
          },
          {
            path: 'therapist/auth/sign-in',
            element: (
              <RedirectSignedIn>
                <SignInScreen forRole="therapist" />
              </RedirectSignedIn>
            ),
          },
          {
            path: 'business/auth/sign-in',
            element: (
              <RedirectSignedIn>
                <SignInScreen forRole="business_account" />
              </RedirectSignedIn>
            ),
          },
          notFound,
        ],
      },
      // The video call fills the window, outside the role's layout.
      {
        path: 'lk/call',
        element: (
          <RequireRole forRole="client">
            <ClientConsentGate>
              <Suspense fallback={<LoadingState />}>
                <ClientCallScreen />
              </Suspense>
            </ClientConsentGate>
          </RequireRole>
        ),
      },
      {
        path: 'therapist/clients/:userId/call',
        element: (
          <RequireRole forRole="therapist">
            <Suspense fallback={<LoadingState />}>
              <TherapistCallScreen />
            </Suspense>
          </RequireRole>
        ),
      },
      {
        path: 'lk',
        element: (
          <RequireRole forRole="client">
            <ClientConsentGate>
              <ClientLayout />
            </ClientConsentGate>
          </RequireRole>
        ),
        children: [
          { index: true, element: <ClientDashboardScreen /> },
          { path: 'passes', element: <PassesScreen /> },
          { path: 'payment', element: <PaymentScreen /> },
          { path: 'profile', element: <QuestionnaireScreen /> },
          { path: 'therapists', element: <SuggestionsScreen /> },
          { path: 'therapists/:id', element: <TherapistScreen /> },
          { path: 'checkout', element: <CheckoutScreen /> },
          { path: 'sessions', element: <SessionsScreen /> },
          { path: 'sessions/:id', element: <SessionScreen /> },
          { path: 'promocode', element: <PromocodeScreen /> },
          { path: 'privacy', element: <DataViewsScreen /> },
          { path: 'settings', element: <SettingsScreen /> },
          notFound,
        ],
      },
      {
        path: 'therapist',
        element: (
          <RequireRole forRole="therapist">
            <TherapistLayout />
          </RequireRole>
        ),
        children: [
          { index: true, element: <TherapistDashboardScreen /> },
          { path: 'clients', element: <TherapistClientsScreen /> },
          { path: 'clients/:userId', element: <TherapistClientScreen /> },
          { path: 'schedule', element: <ScheduleScreen /> },
          { path: 'stats', element: <TherapistStatsScreen /> },
          { path: 'genom', element: <GenomScreen /> },
          { path: 'education', element: <EducationScreen /> },
          { path: 'agreements/:kind', element: <AgreementScreen /> },
          { path: 'settings', element: <SettingsScreen /> },
          notFound,
        ],
      },
      {
        path: 'business',
        element: (
          <RequireRole forRole="business_account">
            <BusinessLayout />
          </RequireRole>
        ),
        children: [
          { index: true, element: <Navigate to="/business/employees" replace /> },
          { path: 'employees', element: <EmployeesScreen /> },
          { path: 'stats', element: <BusinessStatsScreen /> },
          { path: 'settings', element: <SettingsScreen /> },
          notFound,
        ],
      },
    ],
  },
];
