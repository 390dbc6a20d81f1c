import { type RenderResult, render, renderHook } from '@testing-library/react';
import type { TCurrentUser } from '@therapy/contract';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { appRoutes } from '../app/routing/routes.tsx';
import { createI18n } from '../i18n/index.ts';

type TOptions = { user?: TCurrentUser | null; language?: 'ru' | 'en' };

function providers(user: TCurrentUser | null, language: 'ru' | 'en') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return { i18n: createI18n(language), queryClient, user };
}

/** Renders the whole app at a URL, with the given signed-in user. */
export function renderApp(
  url: string,
  { user = null, language = 'ru', routes = appRoutes }: TOptions & { routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <Providers {...providers(user, language)}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

/** Renders one component inside the app's providers and a router. */
export function renderWithProviders(ui: ReactElement, { user = null, language = 'ru' }: TOptions = {}): RenderResult {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  return render(
    <Providers {...providers(user, language)}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

/** Runs a hook inside the app's providers (server state, translations, the modal stack). */
export function renderHookWithProviders<TResult>(hook: () => TResult, { user = null, language = 'ru' }: TOptions = {}) {
  const value = providers(user, language);
  return renderHook(hook, {
    wrapper: ({ children }: { children: ReactNode }) => <Providers {...value}>{children}</Providers>,
  });
}
