/** A small seeded generator (mulberry32), so demo data is the same on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const pool = [...items];
    const n = Math.min(pool.length, int(min, max));
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(pool.splice(int(0, pool.length - 1), 1)[0] as T);
    return out;
  };
  return { next, int, pick, some, chance: (p: number) => next() < p };
}

export type TRandom = ReturnType<typeof createRandom>;
