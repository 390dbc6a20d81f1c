import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TLanguage } from '@therapy/contract';
import type { i18n } from 'i18next';
import { callRoute } from '../../../api/client.ts';
import { changeLanguage } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/session.tsx';

export function setLanguage(language: TLanguage) {
  return callRoute(routes.setLanguage, { body: { language } });
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
