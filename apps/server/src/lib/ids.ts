import { LRUCache } from 'lru-cache';
import Sqids from 'sqids';

/** Kinds of object whose ids leave the server; the kind is encoded so one kind's id never opens another. */
const KIND = {
  user: 1,
  business: 2,
  employee: 3,
  slot: 4,
  curator: 5,
  pass: 6,
  client_pass: 7,
  purchase: 8,
  promocode: 9,
  card: 10,
  availability_exception: 11,
  therapist_file: 12,
  business_report: 13,
  data_export: 14,
} as const;
export type TIdKind = keyof typeof KIND;

export type THashids = {
  encode(kind: TIdKind, id: number): string;
  /** The serial id, or null for anything that is not a valid id of that kind. */
  decode(kind: TIdKind, hashid: string): number | null;
};

/** Ids encoded lately, kept: an encoding costs more than the rest of a small read (Sqids checks a word list). */
const REMEMBERED = 50_000;

export function createHashids(alphabet: string): THashids {
  const sqids = new Sqids({ alphabet, minLength: 8 });
  // Keyed by kind and id together (`<kind code>:<id>`); an encoding never changes, so nothing ever goes stale.
  const encoded = new LRUCache<string, string>({ max: REMEMBERED });
  const encode = (kind: TIdKind, id: number): string => {
    const key = `${KIND[kind]}:${id}`;
    let hashid = encoded.get(key);
    if (hashid === undefined) {
      hashid = sqids.encode([KIND[kind], id]);
      encoded.set(key, hashid);
    }
    return hashid;
  };
  return {
    encode,
    decode(kind, hashid) {
      if (typeof hashid !== 'string' || hashid.length > 32) return null;
      const parts = sqids.decode(hashid);
      if (parts.length !== 2 || parts[0] !== KIND[kind]) return null;
      const id = parts[1] as number;
      // Sqids decodes some foreign strings too; only the canonical encoding counts.
      return Number.isSafeInteger(id) && encode(kind, id) === hashid ? id : null;
    },
  };
}
