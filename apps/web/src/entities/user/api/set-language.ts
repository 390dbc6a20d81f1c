import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TCurrentUser, type TLanguage } from '@therapy/contract';
import type { i18n } from 'i18next';
import { callRoute } from '../../../api/client.ts';
import { changeLanguage } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/session.tsx';

export function setLanguage(language: TLanguage) {
  return callRoute(routes.setLanguage, { body: { language } });
}

/**
 * The language to save for a signed-in user who has none saved but chose one on this device (the footer's switch,
 * before signing in): the interface already shows it and asks the API in it, and saved, the mails, the .ics feed and
 * the reports built later (which have no request to take it from) follow it too. Null when there is nothing to save.
 */
export function languageToAdopt(user: TCurrentUser | null, chosen: TLanguage | null): TLanguage | null {
  return user && !user.language && chosen ? chosen : null;
}

/**
 * Switches the interface language: the texts at once, then, for a signed-in user, the saved choice
 * (so mails and other devices follow), then every query again, as what the server sent (errors, labels,
 * method names) is in the old language.
 */
export function useSwitchLanguage(instance: i18n) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    mutationFn: async (language: TLanguage) => {
      await changeLanguage(instance, language);
      if (user) await setLanguage(language);
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
