import type { TMetricMonth } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui/Card.tsx';
import { BarSeriesChart } from '../../../ui/charts/BarSeriesChart.tsx';
import { LineSeriesChart } from '../../../ui/charts/LineSeriesChart.tsx';
import { formatShare, retentionPoints, sessionPoints } from '../lib/chart-points.ts';
import styles from './TherapistStats.module.css';

/** Completed sessions per month (single and couple stacked) and the retention share over the last 12 months. */
export function MetricCharts({ months }: { months: TMetricMonth[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className={styles.charts}>
      <Card title={t('therapistStats.chartSessions')}>
        <BarSeriesChart
          points={sessionPoints(months, locale)}
          label={t('therapistStats.chartSessionsLabel')}
          stacked
          series={[
            { key: 'single', name: t('therapistStats.single'), color: 'var(--color-accent)' },
            { key: 'couple', name: t('therapistStats.couple'), color: 'var(--color-warning-border)' },
          ]}
        />
      </Card>
      <Card title={t('therapistStats.chartRetention')}>
        <LineSeriesChart
          points={retentionPoints(months, locale)}
          label={t('therapistStats.chartRetentionLabel')}
          domain={[0, 1]}
          format={(value) => formatShare(value, locale)}
          series={[{ key: 'ratio', name: t('therapistStats.retentionLine'), color: 'var(--color-accent)' }]}
        />
        <p className={styles.note}>{t('therapistStats.retentionNote')}</p>
      </Card>
    </div>
  );
}
