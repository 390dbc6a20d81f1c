/** The SPA island ('App'): the router over every page, with the user and CSRF token from `window.App`. */
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { languageToAdopt, setLanguage } from '../entities/user/api/set-language.ts';
import { chosenLanguage, createI18n, storedLanguage } from '../i18n/index.ts';
import { readCurrentUser } from '../lib/app-global.ts';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './query-client.ts';
import { appRoutes } from './routing/routes.tsx';

function createApp() {
  const user = readCurrentUser();
  return {
    user,
    // The language the user saved (their choice on any device) first, so the texts and the server's answers agree.
    i18n: createI18n(user?.language ?? storedLanguage()),
    queryClient: createQueryClient(),
    router: createBrowserRouter(appRoutes),
  };
}

export default function App() {
  const [{ user, i18n, queryClient, router }] = useState(createApp);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n]);

  useEffect(() => {
    const language = languageToAdopt(user, chosenLanguage());
    // Not saved (offline, a stale token): the next page load tries again, and the interface works meanwhile.
    if (language) setLanguage(language).catch(() => undefined);
  }, [user]);

  // The router listens to history; release it when the island is unmounted.
  useEffect(() => () => router.dispose(), [router]);

  return (
    <Providers i18n={i18n} queryClient={queryClient} user={user}>
      <RouterProvider router={router} />
    </Providers>
  );
}
