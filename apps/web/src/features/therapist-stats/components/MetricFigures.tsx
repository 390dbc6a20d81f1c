import type { TTherapistMetricsResponse } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import { Card } from '../../../ui/Card.tsx';
import { formatAverage, formatShare } from '../lib/chart-points.ts';
import styles from './TherapistStats.module.css';

/** The four figures of spec §3 Metrics, each with its value and a one-line explanation. */
export function MetricFigures({ metrics }: { metrics: TTherapistMetricsResponse }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const figures = [
    {
      label: t('therapistStats.avg'),
      hint: t('therapistStats.avgHint'),
      value: formatAverage(metrics.avg_sessions_per_user, locale),
    },
    {
      label: t('therapistStats.avgSingle'),
      hint: t('therapistStats.avgSingleHint'),
      value: formatAverage(metrics.avg_sessions_per_user_single, locale),
    },
    {
      label: t('therapistStats.avgCouple'),
      hint: t('therapistStats.avgCoupleHint'),
      value: formatAverage(metrics.avg_sessions_per_user_couple, locale),
    },
    {
      label: t('therapistStats.s7s1'),
      hint: t('therapistStats.s7s1Hint'),
      value: formatShare(metrics.s7s1ratio, locale),
    },
  ];
  return (
    <Card title={t('therapistStats.figures')}>
      <dl className={styles.figures}>
        {figures.map((f) => (
          <div key={f.label} className={styles.figure}>
            <dt className={styles.figureLabel}>{f.label}</dt>
            <dd className={styles.figureValue}>{f.value}</dd>
            <dd className={styles.figureHint}>{f.hint}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>
        {t('therapistStats.totals', {
          sessions: formatNumber(metrics.sessions_done),
          clients: formatNumber(metrics.clients),
        })}
      </p>
    </Card>
  );
}
