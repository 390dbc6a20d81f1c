import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cx } from '../../../lib/cx.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Card } from '../../../ui/Card.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useTherapistClients } from '../api/get-therapist-clients.ts';
import { ClientCard } from '../components/ClientCard.tsx';
import styles from '../components/TherapistClients.module.css';
import { filterClients } from '../lib/filter-clients.ts';

/**
 * `/therapist/clients`: the active and the archived clients (the tab is kept in the address, `?archived=1`), a search
 * by name, the list in the server's order (the next session first).
 */
export function ClientsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const archived = params.get('archived') === '1';
  const [search, setSearch] = useState('');
  const clients = useTherapistClients(archived);
  const shown = clients.data ? filterClients(clients.data, search) : [];
  const listId = useId();

  const tab = (value: boolean, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={archived === value}
      aria-controls={listId}
      className={cx(styles.tab, archived === value && styles.tabActive)}
      onClick={() => setParams(value ? { archived: '1' } : {}, { replace: true })}
    >
      {label}
    </button>
  );

  return (
    <Page title={t('therapistClients.title')} lead={t('therapistClients.lead')}>
      <Card>
        <div className={styles.toolbar}>
          <div role="tablist" aria-label={t('therapistClients.tabs')} className={styles.tabs}>
            {tab(false, t('therapistClients.active'))}
            {tab(true, t('therapistClients.archived'))}
          </div>
          <TextField
            className={styles.search}
            type="search"
            label={t('therapistClients.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
          />
        </div>
        <div id={listId} role="tabpanel">
          {clients.isPending && <LoadingState />}
          {clients.isError && (
            <ErrorState message={errorMessageFrom(clients.error, t)} onRetry={() => void clients.refetch()} />
          )}
          {clients.data && clients.data.length === 0 && (
            <EmptyState
              title={archived ? t('therapistClients.emptyArchivedTitle') : t('therapistClients.emptyTitle')}
              text={archived ? t('therapistClients.emptyArchivedText') : t('therapistClients.emptyText')}
            />
          )}
          {clients.data && clients.data.length > 0 && shown.length === 0 && (
            <EmptyState title={t('therapistClients.notFoundTitle')} text={t('therapistClients.notFoundText')} />
          )}
          {shown.length > 0 && (
            <>
              <p className={styles.muted} aria-live="polite">
                {t('therapistClients.count', { count: shown.length })}
              </p>
              <ul className={styles.clients}>
                {shown.map((client) => (
                  <ClientCard key={client.hashid} client={client} />
                ))}
              </ul>
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}
