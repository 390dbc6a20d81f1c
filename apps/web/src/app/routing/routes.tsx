/**
 * The page routes. Visitors: `/`, `/auth/sign-in`, `/auth/sign-up`, `/therapist/auth/sign-in`,
 * `/business/auth/sign-in`. Clients: `/lk/…`; therapists: `/therapist/…`; business accounts: `/business/…`.
 */
import { type ComponentType, Suspense } from 'react';
import { type LazyRouteFunction, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { LoadingState } from '../../ui/States.tsx';
import { PublicLayout } from '../layouts/PublicLayout.tsx';
import { RedirectSignedIn, RequireRole } from './guards.tsx';
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
  type TScreen,
} from './screens.ts';

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Nothing, while the router downloads the area of the page it opens: the page was blank until now anyway. */
function Blank() {
  return null;
}

const notFound: RouteObject = { path: '*', element: <NotFoundScreen /> };

/**
 * A role's area (its guard, the client's consent gate, the shell) is downloaded when one of its pages opens: a
 * client's page does not carry the therapist's and business account's shells, a visitor's page none of them.
 */
const area =
  (load: () => Promise<ComponentType>, ...screens: TScreen[]): LazyRouteFunction<RouteObject> =>
  async () => {
    for (const screen of screens) void screen.preload().catch(() => {});
    return { Component: await load() };
  };

/**
 * A screen of a role's area. It renders through React.lazy, so the shell paints first and the screen follows it;
 * the route's `lazy` only starts its download: the router calls `lazy` on every route it matches at once, so the
 * screen arrives beside its area, not after the shell has rendered (an error in that download shows when it renders).
 */
const areaScreen = (Screen: TScreen): Pick<RouteObject, 'element' | 'lazy'> => ({
  element: <Screen />,
  lazy: async () => {
    void Screen.preload().catch(() => {});
    return {};
  },
});

export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: Blank,
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
        lazy: area(() => import('./ClientCallArea.tsx').then((module) => module.ClientCallArea), ClientCallScreen),
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
        lazy: area(() => import('./ClientArea.tsx').then((module) => module.ClientArea)),
        children: [
          { index: true, ...areaScreen(ClientDashboardScreen) },
          { path: 'passes', ...areaScreen(PassesScreen) },
          { path: 'payment', ...areaScreen(PaymentScreen) },
          { path: 'profile', ...areaScreen(QuestionnaireScreen) },
          { path: 'therapists', ...areaScreen(SuggestionsScreen) },
          { path: 'therapists/:id', ...areaScreen(TherapistScreen) },
          { path: 'checkout', ...areaScreen(CheckoutScreen) },
          { path: 'sessions', ...areaScreen(SessionsScreen) },
          { path: 'sessions/:id', ...areaScreen(SessionScreen) },
          { path: 'promocode', ...areaScreen(PromocodeScreen) },
          { path: 'privacy', ...areaScreen(DataViewsScreen) },
          { path: 'settings', ...areaScreen(SettingsScreen) },
          notFound,
        ],
      },
      {
        path: 'therapist',
        lazy: area(() => import('./TherapistArea.tsx').then((module) => module.TherapistArea)),
        children: [
          { index: true, ...areaScreen(TherapistDashboardScreen) },
          { path: 'clients', ...areaScreen(TherapistClientsScreen) },
          { path: 'clients/:userId', ...areaScreen(TherapistClientScreen) },
          { path: 'schedule', ...areaScreen(ScheduleScreen) },
          { path: 'stats', ...areaScreen(TherapistStatsScreen) },
          { path: 'genom', ...areaScreen(GenomScreen) },
          { path: 'education', ...areaScreen(EducationScreen) },
          { path: 'agreements/:kind', ...areaScreen(AgreementScreen) },
          { path: 'settings', ...areaScreen(SettingsScreen) },
          notFound,
        ],
      },
      {
        path: 'business',
        lazy: area(() => import('./BusinessArea.tsx').then((module) => module.BusinessArea)),
        children: [
          { index: true, element: <Navigate to="/business/employees" replace /> },
          { path: 'employees', ...areaScreen(EmployeesScreen) },
          { path: 'stats', ...areaScreen(BusinessStatsScreen) },
          { path: 'settings', ...areaScreen(SettingsScreen) },
          notFound,
        ],
      },
    ],
  },
];
