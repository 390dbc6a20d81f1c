// One read under steady load, with its latencies second by second: where the slow answers cluster
// (a stall of the whole server shows as one bad second; queueing as a slow climb). Against a server
// started by hand (`node bench/read-server.ts`, BENCH_DIAG=1 to have it say what stalled):
//   node bench/latency-timeline.ts --url=http://127.0.0.1:<port>/api/v1/user/lk_data --cookie='sid=…' --seconds=150
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    cookie: { type: 'string', default: '' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    /** Seconds per printed line. */
    every: { type: 'string', default: '5' },
  },
});
if (!args.url) throw new Error('--url is required');
const every = Number(args.every) * 1000;
type TBucket = { times: number[] };
const buckets: TBucket[] = [];
const started = performance.now();
const startedAt = Date.now();
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: args.url as string,
      headers: args.cookie ? { cookie: args.cookie } : {},
      connections: Number(args.connections),
      duration: Number(args.seconds),
      timeout: 60,
    },
    (err, done) => (err ? reject(err) : resolve(done)),
  );
  instance.on('response', (_client, _status, _bytes, ms) => {
    const index = Math.floor((performance.now() - started) / every);
    buckets[index] ??= { times: [] };
    buckets[index].times.push(ms);
  });
});
let over1s = 0;
buckets.forEach((bucket, i) => {
  const times = bucket.times.sort((a, b) => a - b);
  const slow = times.filter((ms) => ms > 1000).length;
  over1s += slow;
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]?.toFixed(0);
  console.log(
    `${String((i * every) / 1000).padStart(4)} s ${new Date(startedAt + i * every).toISOString().slice(11, 19)}  ${String(times.length).padStart(6)} answers  p50 ${p(0.5)?.padStart(5)} ms  p99 ${p(0.99)?.padStart(5)} ms  max ${times.at(-1)?.toFixed(0).padStart(5)} ms${slow ? `  >1s: ${slow}` : ''}`,
  );
});
console.log(
  `all: ${result.requests.total} answers, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, >1s ${over1s}, non-2xx ${result.non2xx}, errors ${result.errors}`,
);
