import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styles from './Charts.module.css';
import { LEGEND_STYLE, type TChartPoint, type TChartSeries, TICK } from './series.ts';

/**
 * A line per series over the points; a null value is a gap. `domain` fixes the value axis (a share: [0, 1]).
 * The chart is an image with `label` for screen readers.
 */
export function LineSeriesChart<K extends string>({
  points,
  series,
  label,
  domain,
  format = String,
}: {
  points: TChartPoint<K>[];
  series: TChartSeries<K>[];
  label: string;
  domain?: [number, number];
  format?: (value: number) => string;
}) {
  return (
    <div className={styles.chart} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={TICK} interval="preserveStartEnd" minTickGap={2} />
          <YAxis tick={TICK} domain={domain} tickFormatter={(v: number) => format(v)} />
          <Tooltip
            formatter={(value) => (typeof value === 'number' ? format(value) : String(value ?? ''))}
            labelFormatter={(_, payload) => payload?.[0]?.payload?.title ?? ''}
          />
          <Legend wrapperStyle={TICK} formatter={(value) => <span style={LEGEND_STYLE}>{value}</span>} />
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
