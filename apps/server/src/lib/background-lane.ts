import type { Db } from 'pg-boss';

/**
 * The job queue's statements on embedded PGlite, one at a time and each after a turn of the event loop.
 * PGlite is one connection that runs statements in this thread, first come first served; pg-boss sends
 * its upkeep in bursts (every minute, a locked transaction and a count per queue, about 80 statements,
 * ~0.8 s of database time on an idle machine, more under load), all queued at once. Every request
 * arriving meanwhile waited behind the whole burst: the reads' answers over 1 s. In this lane the job
 * queue holds at most one place in the line, and requests that came in go first, so a burst costs a
 * request at most one of its statements (a few ms). Jobs run no slower to speak of: their statements
 * were waiting for the same connection anyway.
 */
export function backgroundLane(db: Db): Db {
  let tail: Promise<unknown> = Promise.resolve();
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    ...db,
    executeSql(text, values) {
      const run = tail.then(turn).then(() => db.executeSql(text, values));
      // The next statement waits for this one to settle, whatever its outcome (its caller hears the error).
      tail = run.catch(() => {});
      return run;
    },
  };
}
