import { IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';

const QUARTER_HOUR = 15 * 60_000;
/** Offsets remembered over all zones; past this every zone forgets and starts again (about 10 MB). */
const MAX_REMEMBERED = 100_000;
let remembered = 0;
const everyZoneOffsets = new Set<Map<number, number>>();

function remember(offsets: Map<number, number>, bucket: number, offset: number): void {
  if (remembered >= MAX_REMEMBERED) {
    for (const each of everyZoneOffsets) each.clear();
    remembered = 0;
  }
  offsets.set(bucket, offset);
  remembered++;
}

/**
 * A Luxon IANA zone that remembers its offsets. Luxon asks Intl for the offset on every
 * DateTime it builds (about 5 µs, three times per wall time turned into an instant), and the
 * free-slots answer builds hundreds. Offsets change only on quarter hours (every zone rule
 * since the 1970s), so one answer per zone and quarter hour serves every instant in it. All
 * calendar arithmetic stays Luxon's; this only caches what `IANAZone.offset` returns.
 */
class MemoizedZone extends Zone<true> {
  readonly #iana: IANAZone;
  readonly #offsets = new Map<number, number>();

  constructor(name: string) {
    super();
    this.#iana = IANAZone.create(name);
    everyZoneOffsets.add(this.#offsets);
  }

  // 'iana', so Luxon formats with Intl in this zone like any IANA zone.
  override get type(): string {
    return 'iana';
  }

  override get name(): string {
    return this.#iana.name;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): true {
    return true;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string {
    return this.#iana.offsetName(ts, options) ?? '';
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.#iana.formatOffset(ts, format);
  }

  override offset(ts: number): number {
    const bucket = Math.floor(ts / QUARTER_HOUR);
    let offset = this.#offsets.get(bucket);
    if (offset === undefined) {
      offset = this.#iana.offset(bucket * QUARTER_HOUR);
      remember(this.#offsets, bucket, offset);
    }
    return offset;
  }

  override equals(other: Zone): boolean {
    return other.type === 'iana' && other.name === this.name;
  }
}

export type TMemoizedZone = Zone<true>;

// One zone per zone the runtime knows (a few hundred), however its name is spelled; spellings
// come from users, so their memo is bounded.
const byId = new Map<string, MemoizedZone>();
const bySpelling = new Map<string, MemoizedZone>();

/** The zone of a valid IANA name (check with `IANAZone.isValidZone` first). */
export function memoizedZone(name: string): TMemoizedZone {
  let zone = bySpelling.get(name);
  if (!zone) {
    const id = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    zone = byId.get(id) ?? new MemoizedZone(id);
    byId.set(id, zone);
    if (bySpelling.size >= 1000) bySpelling.clear();
    bySpelling.set(name, zone);
  }
  return zone;
}
