/** The genom's counters per group, `[filled, total]` (spec §3). */
export type TGenomCounters = Readonly<Record<string, readonly [number, number]>>;

/** 'Needs update': in some group the filled and total counters differ (spec §4). */
export function genomNeedsUpdate(counters: TGenomCounters): boolean {
  return Object.values(counters).some(([filled, total]) => filled !== total);
}

/** 'First data': both groups have nothing filled (spec §4). */
export function isFirstGenomData(counters: TGenomCounters): boolean {
  return Object.values(counters).every(([filled]) => filled === 0);
}

const sameValue = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) {
    // Arrays compare by content: the same answers chosen in another order are no change.
    return (
      a.length === b.length && [...a].map(String).sort().join('\u0000') === [...b].map(String).sort().join('\u0000')
    );
  }
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  return (empty(a) && empty(b)) || a === b;
};

/** 'Changed': any field of the edited copy differs from the base copy (spec §4), arrays compared by content. */
export function isGenomChanged(
  edited: Readonly<Record<string, unknown>>,
  base: Readonly<Record<string, unknown>>,
): boolean {
  const keys = new Set([...Object.keys(edited), ...Object.keys(base)]);
  return [...keys].some((key) => !sameValue(edited[key], base[key]));
}
