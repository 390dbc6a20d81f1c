import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styles from './Charts.module.css';
import { LEGEND_STYLE, type TChartPoint, type TChartSeries, TICK } from './series.ts';

/**
 * Bars per point, one per series, stacked when `stacked` (parts of one total). The chart is an image with
 * `label` for screen readers; the figures it draws must be told in text beside it too.
 */
export function BarSeriesChart<K extends string>({
  points,
  series,
  label,
  stacked = false,
  format = String,
}: {
  points: TChartPoint<K>[];
  series: TChartSeries<K>[];
  label: string;
  stacked?: boolean;
  format?: (value: number) => string;
}) {
  return (
    <div className={styles.chart} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={TICK} interval="preserveStartEnd" minTickGap={2} />
          <YAxis allowDecimals={false} tick={TICK} />
          <Tooltip
            formatter={(value) => (typeof value === 'number' ? format(value) : String(value ?? ''))}
            labelFormatter={(_, payload) => payload?.[0]?.payload?.title ?? ''}
          />
          <Legend wrapperStyle={TICK} formatter={(value) => <span style={LEGEND_STYLE}>{value}</span>} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} stackId={stacked ? 'total' : undefined} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
