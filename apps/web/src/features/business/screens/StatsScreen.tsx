import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useBusinessStats } from '../api/get-business-stats.ts';
import { useCurrentBusinessAccount } from '../api/get-current-business-account.ts';
import { BusinessArea } from '../components/BusinessArea.tsx';
import styles from '../components/BusinessTables.module.css';
import { LastUpdate } from '../components/LastUpdate.tsx';
import { StatsTable } from '../components/StatsTable.tsx';
import { ViewSwitch } from '../components/ViewSwitch.tsx';
import type { TBusinessChoice } from '../hooks/use-business-choice.ts';
import { useViewParam } from '../hooks/use-view-param.ts';

// The charts library is large: it loads after the table, which is the page's main content.
const StatsCharts = lazy(() => import('../components/StatsCharts.tsx').then((m) => ({ default: m.StatsCharts })));

function BusinessStats({ choice }: { choice: TBusinessChoice }) {
  const { t } = useTranslation();
  const stats = useBusinessStats(choice.business.id, choice.year);
  const account = useCurrentBusinessAccount();
  const [view, setView] = useViewParam();
  if (stats.isPending) return <LoadingState />;
  if (stats.isError)
    return <ErrorState message={errorMessageFrom(stats.error, t)} onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  return (
    <>
      <div className={styles.toolbar}>
        <LastUpdate at={data.last_page_updated_at} timeZone={account.data?.tz ?? 'Europe/Moscow'} />
        <ViewSwitch view={view} onChange={setView} />
      </div>
      {(data.empty_data || choice.isEmptyData) && (
        <Alert tone="info" live={false}>
          {t('business.emptyData')}
        </Alert>
      )}
      <StatsTable stats={data} view={view} />
      <p className={styles.chartNote}>{t('business.privacyNote')}</p>
      {!data.empty_data && (
        <Suspense fallback={<LoadingState />}>
          <StatsCharts stats={data} />
        </Suspense>
      )}
    </>
  );
}

/** `/business/stats`: the business's usage by month or quarter, with charts of sessions and spend. */
export function StatsScreen() {
  const { t } = useTranslation();
  return <BusinessArea title={t('business.statsTitle')}>{(choice) => <BusinessStats choice={choice} />}</BusinessArea>;
}
