/** One line or bar of a chart: the key of its value in each point, its legend name and colour. */
export type TChartSeries<K extends string> = { key: K; name: string; color: string };

/** A point of a chart over months: the axis label, the tooltip label, and a value per series (null is a gap). */
export type TChartPoint<K extends string> = { label: string; title: string } & Record<K, number | null>;

/** Small axis text, so twelve months fit at 360 px. */
export const TICK = { fontSize: 12 } as const;

/** Legend entries in the text colour: a light series colour (yellow) would be unreadable as text. */
export const LEGEND_STYLE = { fontSize: 12, color: 'var(--color-text)' } as const;
