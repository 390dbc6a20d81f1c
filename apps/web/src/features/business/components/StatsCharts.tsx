import type { TBusinessStats } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatNumber } from '../../../i18n/format.ts';
import { Card } from '../../../ui/Card.tsx';
import { chartPoints } from '../lib/tables.ts';
import styles from './BusinessTables.module.css';

/** Sessions and spend per month. A figure hidden for privacy is a gap in the line, said under the chart. */
export function StatsCharts({ stats }: { stats: TBusinessStats }) {
  const { t } = useTranslation();
  const { points, hasHidden } = chartPoints(stats);
  const format = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : String(value ?? ''));
  return (
    <>
      <div className={styles.charts}>
        <Card title={t('business.chartSessions')}>
          <div className={styles.chart} role="img" aria-label={t('business.chartSessionsLabel')}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={4} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                <Tooltip formatter={format} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar dataKey="done" name={t('business.chartDone')} fill="var(--color-accent)" />
                <Bar dataKey="cancelled" name={t('business.chartCancelled')} fill="var(--color-border-strong)" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </Card>
        <Card title={t('business.chartSpend')}>
          <div className={styles.chart} role="img" aria-label={t('business.chartSpendLabel')}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={4} />
                <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => formatNumber(v)} />
                <Tooltip formatter={(value) => `${format(value)} ₽`} />
                <Line
                  type="monotone"
                  dataKey="spend"
                  name={t('business.chartSpendLine')}
                  stroke="var(--color-accent)"
                  strokeWidth={2}
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </Card>
      </div>
      {hasHidden && <p className={styles.chartNote}>{t('business.chartHidden')}</p>}
    </>
  );
}
