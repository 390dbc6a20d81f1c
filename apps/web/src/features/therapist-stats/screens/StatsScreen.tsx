import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useTherapistMetrics } from '../api/get-therapist-metrics.ts';
import { MetricFigures } from '../components/MetricFigures.tsx';

// The charts library is large: it loads after the figures, which are the page's main content.
const MetricCharts = lazy(() => import('../components/MetricCharts.tsx').then((m) => ({ default: m.MetricCharts })));

/**
 * `/therapist/stats`: the therapist's metrics from completed sessions, and charts of the last 12 months.
 * The therapist opened it to read it, so a failed load is shown (with «Повторить»), not only logged.
 */
export function StatsScreen() {
  const { t } = useTranslation();
  const metrics = useTherapistMetrics();
  const body = () => {
    if (metrics.isPending) return <LoadingState />;
    if (metrics.isError)
      return <ErrorState message={errorMessageFrom(metrics.error, t)} onRetry={() => void metrics.refetch()} />;
    if (metrics.data.sessions_done === 0)
      return (
        <Card>
          <EmptyState title={t('therapistStats.emptyTitle')} text={t('therapistStats.emptyText')} />
        </Card>
      );
    return (
      <>
        <MetricFigures metrics={metrics.data} />
        <Suspense fallback={<LoadingState />}>
          <MetricCharts months={metrics.data.monthly} />
        </Suspense>
      </>
    );
  };
  return (
    <Page title={t('therapistStats.title')} lead={t('therapistStats.lead')}>
      {body()}
    </Page>
  );
}
