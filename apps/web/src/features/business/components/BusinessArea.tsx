import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useCurrentBusinessAccount } from '../api/get-current-business-account.ts';
import { type TBusinessChoice, useBusinessChoice } from '../hooks/use-business-choice.ts';
import { BusinessFilters } from './BusinessFilters.tsx';

/** A business page: loads the account, shows the business and year selectors, then the page's content. */
export function BusinessArea({ title, children }: { title: string; children: (choice: TBusinessChoice) => ReactNode }) {
  const { t } = useTranslation();
  const account = useCurrentBusinessAccount();
  const businesses = account.data?.businesses ?? [];
  const choice = useBusinessChoice(businesses);

  return (
    <Page title={title}>
      {account.isPending && <LoadingState />}
      {account.isError && (
        <ErrorState message={errorMessageFrom(account.error, t)} onRetry={() => void account.refetch()} />
      )}
      {account.data && !choice && (
        <Alert tone="info" live={false}>
          {t('business.noBusinesses')}
        </Alert>
      )}
      {choice && (
        <>
          <BusinessFilters businesses={businesses} choice={choice} />
          {children(choice)}
        </>
      )}
    </Page>
  );
}
