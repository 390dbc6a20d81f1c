/** A dependency's probe: resolves when it answers, throws (or hangs) when it does not. */
export type TReadinessCheck = () => Promise<unknown>;

export type TReadinessResult = Record<string, { status: 'ok' | 'failed'; error?: string }>;

export type TReadiness = {
  /** Adds a dependency under its name (`database`, `redis`); the module that owns the connection adds it. */
  add(name: string, check: TReadinessCheck): void;
  /** Runs every probe at once, each given up after `timeoutMs`. */
  run(timeoutMs?: number): Promise<TReadinessResult>;
};

const withTimeout = (work: Promise<unknown>, ms: number) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** The innermost cause says what happened ("connect ECONNREFUSED …"), the wrappers only where. */
function rootMessage(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? (e.message.split('\n')[0] ?? e.name) : String(e);
}

/** What /readyz asks: a load balancer sends traffic to a node only while all of these answer. */
export function createReadiness(): TReadiness {
  const checks = new Map<string, TReadinessCheck>();
  return {
    add(name, check) {
      checks.set(name, check);
    },
    async run(timeoutMs = 1500) {
      const entries = await Promise.all(
        [...checks].map(async ([name, check]) => {
          try {
            await withTimeout(check(), timeoutMs);
            return [name, { status: 'ok' as const }] as const;
          } catch (error) {
            return [name, { status: 'failed' as const, error: rootMessage(error) }] as const;
          }
        }),
      );
      return Object.fromEntries(entries);
    },
  };
}
