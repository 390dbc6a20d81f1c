import type { TDataView } from '@therapy/contract';
import { DEFAULT_TIME_ZONE } from '@therapy/contract/rules';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useDataViews } from '../api/get-data-views.ts';
import { ConsentsCard } from '../components/ConsentsCard.tsx';
import { DataExportCard } from '../components/DataExportCard.tsx';
import styles from '../components/Privacy.module.css';

/** `/lk/privacy` «Мои данные»: who read the client's data (their therapist, their employer), their consents, their archive. */
export function DataViewsScreen() {
  const { t } = useTranslation();
  const views = useDataViews();
  return (
    <Page title={t('privacy.title')}>
      <Card title={t('privacy.viewsTitle')}>
        <p className={styles.note}>{t('privacy.viewsLead')}</p>
        {views.isPending && <LoadingState />}
        {views.isError && (
          <ErrorState message={errorMessageFrom(views.error, t)} onRetry={() => void views.refetch()} />
        )}
        {views.data &&
          (views.data.views.length === 0 ? (
            <EmptyState title={t('privacy.viewsEmptyTitle')} text={t('privacy.viewsEmptyText')} />
          ) : (
            <ul className={styles.list} aria-label={t('privacy.viewsTitle')}>
              {views.data.views.map((view) => (
                <DataViewItem key={`${view.at} ${view.action} ${view.viewer.kind} ${view.viewer.name}`} view={view} />
              ))}
            </ul>
          ))}
      </Card>
      <ConsentsCard />
      <DataExportCard />
    </Page>
  );
}

function DataViewItem({ view }: { view: TDataView }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const who = view.viewer.name
    ? t(`privacy.viewer.${view.viewer.kind}`, { name: view.viewer.name })
    : t(`privacy.viewerUnnamed.${view.viewer.kind}`);
  return (
    <li className={styles.item}>
      <span className={styles.who}>{who}</span>
      <time className={styles.when} dateTime={view.at}>
        {formatDateTime(view.at, user?.tz ?? DEFAULT_TIME_ZONE)}
      </time>
      <span className={styles.what}>{t(`privacy.action.${view.action}`, { defaultValue: view.label })}</span>
    </li>
  );
}
