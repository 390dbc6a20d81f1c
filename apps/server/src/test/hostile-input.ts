import { z } from 'zod';

/**
 * Hostile requests derived from a route's zod schemas (through their JSON Schema, input side):
 * a plausible base value, then one field at a time replaced by something wrong (another type,
 * missing, huge, NUL, a lone surrogate, SQL metacharacters, `__proto__`, numbers and dates out of
 * range), and whole bodies that are wrong as a whole. Nothing here knows a route by name.
 */

type TJson = null | boolean | number | string | TJson[] | { [key: string]: TJson };
type TSchema = {
  type?: string | string[];
  const?: TJson;
  enum?: TJson[];
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};

export const jsonSchemaOf = (schema: z.ZodType): TSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as TSchema;

const variantOf = (s: TSchema): TSchema => {
  const options = s.anyOf ?? s.oneOf;
  if (options) return variantOf(options.find((o) => o.type !== 'null') ?? options[0] ?? {});
  if (s.allOf?.[0]) return variantOf({ ...s.allOf[0], ...s, allOf: undefined });
  return s;
};

const typeOf = (s: TSchema): string | undefined => {
  const v = variantOf(s);
  if (v.const !== undefined || v.enum) return typeof (v.const ?? v.enum?.[0]);
  return Array.isArray(v.type) ? v.type.find((t) => t !== 'null') : v.type;
};

/** A value the schema probably accepts: enough to carry one hostile field deeper into the route. */
export function sampleOf(schema: TSchema, hints: Record<string, TJson>, name = ''): TJson {
  const s = variantOf(schema);
  if (name in hints) return hints[name] as TJson;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0] ?? null;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, TJson> = {};
      for (const key of s.required ?? []) out[key] = sampleOf(s.properties?.[key] ?? {}, hints, key);
      return out;
    }
    case 'array':
      return (s.minItems ?? 0) > 0 ? [sampleOf(s.items ?? {}, hints, name)] : [];
    case 'string':
      if (s.format === 'date-time') return new Date(Date.now() + 3 * 86_400_000).toISOString();
      if (s.format === 'date') return new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      if (s.format === 'email') return SAMPLE_EMAIL;
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'number':
    case 'integer':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** The sample e-mail: a caller replaces it with a fresh address per request. */
export const SAMPLE_EMAIL = 'walk@example.test';
export const NUL = 'a\u0000b';
export const LONE_SURROGATE = 'a\ud800b';
export const SQL = "x' OR '1'='1'; DROP TABLE users; --";
const HUGE = 'я'.repeat(100_000);

const STRINGS: TJson[] = [
  123,
  true,
  null,
  {},
  [],
  '',
  HUGE,
  NUL,
  LONE_SURROGATE,
  SQL,
  '__proto__',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:01Z',
  '0000-01-01',
  '10000-01-01',
  '2026-02-30T25:61:00Z',
  '\u202e😀',
];
const NUMBERS: TJson[] = ['1', null, true, 1e308, -1e308, -1, 0, 2 ** 31, 2 ** 53 + 2, 0.5, [], {}];
const BOOLEANS: TJson[] = ['true', 0, null, {}];
const ARRAYS: TJson[] = ['x', {}, null, Array.from({ length: 5000 }, () => 'x'), [null]];
const OBJECTS: TJson[] = ['x', [], null, 42];
const VALUES_OF: Record<string, TJson[]> = {
  string: STRINGS,
  number: NUMBERS,
  integer: NUMBERS,
  boolean: BOOLEANS,
  array: ARRAYS,
  object: OBJECTS,
};

export const MISSING = Symbol('missing');
type TLeaf = { path: (string | number)[]; type: string; required: boolean };

/** Every field under an object schema (array items through their first element), a few levels deep. */
function leavesOf(schema: TSchema, path: (string | number)[] = [], depth = 0): TLeaf[] {
  const s = variantOf(schema);
  if (depth > 3) return [];
  const leaves: TLeaf[] = [];
  if (typeOf(s) === 'object') {
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      const childPath = [...path, key];
      leaves.push({ path: childPath, type: typeOf(child) ?? 'string', required: s.required?.includes(key) ?? false });
      leaves.push(...leavesOf(child, childPath, depth + 1));
    }
  } else if (typeOf(s) === 'array' && s.items) {
    leaves.push(...leavesOf(s.items, [...path, 0], depth + 1));
  }
  return leaves;
}

function withValue(
  base: TJson,
  path: (string | number)[],
  value: TJson | typeof MISSING,
  schema: TSchema,
  hints: Record<string, TJson>,
): TJson {
  const root = structuredClone(base);
  let node = root as Record<string | number, TJson>;
  let s = schema;
  for (const [i, key] of path.entries()) {
    const last = i === path.length - 1;
    const v = variantOf(s);
    s = typeof key === 'number' ? (v.items ?? {}) : (v.properties?.[key] ?? {});
    if (last) {
      if (value === MISSING) delete node[key];
      else node[key] = value;
    } else {
      if (node[key] === null || typeof node[key] !== 'object') node[key] = sampleOf(s, hints, String(key));
      node = node[key] as Record<string | number, TJson>;
    }
  }
  return root;
}

/** `core` cases are tried on every field whatever the sample size: the ones that broke routes before. */
export type THostileBody = { label: string; payload: string; core?: boolean };

const CORE_VALUES = new Set<TJson>([NUL, LONE_SURROGATE, HUGE, SQL, '0000-01-01T00:00:00Z', '0000-01-01']);

/** JSON bodies: each field wrong in each way, then the whole body wrong. */
export function hostileBodies(schema: z.ZodType, hints: Record<string, TJson>): { base: TJson; cases: THostileBody[] } {
  const js = jsonSchemaOf(schema);
  const base = sampleOf(js, hints);
  const cases: THostileBody[] = [];
  for (const leaf of leavesOf(js)) {
    const name = leaf.path.join('.');
    const payloadWith = (value: TJson | typeof MISSING) => JSON.stringify(withValue(base, leaf.path, value, js, hints));
    if (leaf.required) cases.push({ label: `${name} missing`, payload: payloadWith(MISSING), core: true });
    for (const [i, value] of (VALUES_OF[leaf.type] ?? STRINGS).entries()) {
      const label = `${name} = ${JSON.stringify(value)?.slice(0, 30)}`;
      cases.push({ label, payload: payloadWith(value), core: i === 0 || CORE_VALUES.has(value) });
    }
  }
  const baseText = JSON.stringify(base);
  const objectRest =
    base && typeof base === 'object' && !Array.isArray(base) && baseText !== '{}' ? `,${baseText.slice(1)}` : '}';
  cases.push(
    { label: 'body []', payload: '[]' },
    { label: 'body "x"', payload: '"x"' },
    { label: 'body null', payload: 'null' },
    { label: 'body 1e308', payload: '1e308' },
    { label: 'body not JSON', payload: '{"a":' },
    { label: 'body nested 10000 deep', payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
    { label: 'body __proto__', payload: `{"__proto__":{"polluted":true}${objectRest}` },
    { label: 'body constructor.prototype', payload: `{"constructor":{"prototype":{"polluted":true}}${objectRest}` },
    { label: 'body extra field', payload: `{"zz_extra":"${'x'.repeat(10)}"${objectRest}` },
    { label: 'body NUL key', payload: `{"a\\u0000b":1${objectRest}` },
  );
  return { base, cases };
}

/** Query strings: each parameter wrong in each way (as text, since a query is text), repeated, and extra ones. */
export function hostileQueries(schema: z.ZodType | undefined, hints: Record<string, TJson>): string[] {
  const js = schema ? jsonSchemaOf(schema) : { type: 'object', properties: {} };
  const base = sampleOf(js, hints) as Record<string, TJson>;
  const encode = (params: Record<string, string>) =>
    Object.entries(params)
      .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
      .join('&');
  const baseText = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, encodeURIComponent(String(v))]));
  const raw = [
    '%00',
    '%ED%A0%80',
    '%FF',
    encodeURIComponent(SQL),
    '__proto__',
    'x'.repeat(8000),
    '-1',
    '1e308',
    '99999999999999999999',
    '0000-01-01',
    '275760-09-14',
    '2026-02-30',
    '',
  ];
  const queries: string[] = [];
  for (const key of Object.keys(variantOf(js).properties ?? {})) {
    for (const value of raw) queries.push(encode({ ...baseText, [key]: value }));
    queries.push(`${encode(baseText)}&${encodeURIComponent(key)}=1&${encodeURIComponent(key)}=2`);
  }
  queries.push(`${encode(baseText)}&__proto__[polluted]=1&constructor[prototype][polluted]=1&zz=%00`);
  return queries;
}

/** Path parameters: encoded as they would arrive in an address. */
export const HOSTILE_PARAMS = [
  '%00',
  '%ED%A0%80',
  encodeURIComponent(SQL),
  '__proto__',
  'constructor',
  '-1',
  '0',
  '99999999999999999999',
  'x'.repeat(99),
  '%C3%A9',
  '..%2F..%2Fetc',
  '%25',
  '1e308',
];
