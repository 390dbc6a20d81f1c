import { type PGlite, parse, protocol } from '@electric-sql/pglite';

/**
 * PGlite's `query` parses and plans its statement anew on every call, in five trips into the database
 * (parse, describe, bind, describe, execute): for the dashboard's statement about 5 ms of this one
 * thread, of which planning is most. A named statement, parsed once (the first time its name is used)
 * and then only bound and executed in one trip, costs under 1 ms, and a one-row select a third of
 * PGlite's own query. PGlite has no API for it, so this speaks the protocol through its public
 * `execProtocol`, under the same two locks `query` takes (no statement inside another's transaction,
 * one at a time), and reads the answer with PGlite's own parsers.
 */
type TPgliteInternals = PGlite & {
  /** Waits for any open transaction of the app to end first, as `query` does. */
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
};

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A value as the statement's text parameter: PostgreSQL casts it to the type the statement gives it. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The statements parsed on each PGlite instance, by name (their text): they live as long as the instance. */
const parsedBy = new WeakMap<PGlite, Map<string, string>>();
function parsedOf(client: PGlite): Map<string, string> {
  let parsed = parsedBy.get(client);
  if (!parsed) {
    parsed = new Map();
    parsedBy.set(client, parsed);
  }
  return parsed;
}

/** `prepared` of TDatabase on PGlite: named statements of this PGlite instance, parsed on first use. */
export function pglitePrepared(client: PGlite) {
  const internals = client as TPgliteInternals;
  // Without the lock `query` uses (another PGlite release), PGlite's own query answers the same rows.
  if (typeof internals._runExclusiveTransaction !== 'function') {
    return async <T>(_name: string, text: string, values: unknown[]) => (await client.query<T>(text, values)).rows;
  }
  const parsed = parsedOf(client);
  return <T>(name: string, text: string, values: unknown[]): Promise<T[]> =>
    internals._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const known = parsed.get(name);
        if (known !== undefined && known !== text) throw new Error(`prepared statement ${name} has another text`);
        // Each message group ends with Sync, so an error leaves the session ready for the next statement.
        if (known === undefined) {
          await client.execProtocol(joined([serialize.parse({ name, text, types: [] }), serialize.sync()]));
          parsed.set(name, text);
        }
        const { messages } = await client.execProtocol(
          joined([
            serialize.bind({ statement: name, values: values.map(asText) }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        const [result] = parse.parseResults(
          messages,
          (client as unknown as { parsers: Record<number, never> }).parsers,
        );
        return (result?.rows ?? []) as T[];
      }),
    );
}
