/**
 * The screens of the pages people land on, requested by the page entry (main.ts) beside the app's own code: the
 * router would ask for them only once the app has rendered. The same modules as in screens.ts, so the same chunks.
 */
const EARLY_SCREENS: Record<string, () => Promise<unknown>> = {
  '/lk': () => import('../../features/dashboard/screens/ClientDashboardScreen.tsx'),
  '/lk/therapists': () => import('../../features/matching/screens/SuggestionsScreen.tsx'),
  '/lk/call': () => import('../../features/video/screens/ClientCallScreen.tsx'),
};

/** Starts downloading the screen of `pagePath` when it is one of them (a failure shows when the router asks). */
export function preloadScreen(pagePath: string, role: string | undefined): void {
  if (role !== 'client') return;
  EARLY_SCREENS[pagePath.length > 1 ? pagePath.replace(/\/+$/, '') : pagePath]?.().catch(() => {});
}
