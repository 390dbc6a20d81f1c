// CPU time the server process spends per request (user and system, from /proc), for a fixed number of
// requests: steadier than req/s on a machine other work shares. Run against a server started by hand:
//   node bench/read-server.ts   (prints its addresses), then
//   node bench/cpu-per-request.ts --pid=<pid> --url=http://127.0.0.1:<port>/api/v1/user/me --cookie='sid=…'
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values: args } = parseArgs({
  options: {
    pid: { type: 'string' },
    url: { type: 'string', multiple: true },
    cookie: { type: 'string', default: '' },
    requests: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '100' },
    /** Also count the CPU of the PostgreSQL backends serving this database (local server, by process title). */
    'pg-db': { type: 'string', default: '' },
  },
});
if (!args.pid || !args.url) throw new Error('--pid and --url are required');
const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

function cpuMs(pid: string) {
  // Fields after the command name: utime is the 14th field, stime the 15th (1-based) of /proc/<pid>/stat.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / TICKS_PER_MS, system: Number(fields[12]) / TICKS_PER_MS };
}

/** CPU (ms) of the local PostgreSQL backends whose title names the database (`postgres: … user db …`). */
function databaseCpuMs(db: string) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres:') || !title.split(' ').includes(db)) continue;
      const { user, system } = cpuMs(entry);
      total += user + system;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}
const pgDb = args['pg-db'];

for (const url of args.url) {
  const headers = args.cookie ? { cookie: args.cookie } : {};
  const connections = Number(args.connections);
  await autocannon({ url, headers, connections, amount: 2000 });
  const before = cpuMs(args.pid);
  const dbBefore = pgDb ? databaseCpuMs(pgDb) : 0;
  const started = performance.now();
  const result = await autocannon({ url, headers, connections, amount: Number(args.requests), timeout: 60 });
  const seconds = (performance.now() - started) / 1000;
  const after = cpuMs(args.pid);
  const database = pgDb ? ((databaseCpuMs(pgDb) - dbBefore) * 1000) / result.requests.total : 0;
  const n = result.requests.total;
  const user = ((after.user - before.user) * 1000) / n;
  const system = ((after.system - before.system) * 1000) / n;
  console.log(
    `${new URL(url).pathname.padEnd(28)} ${String(n).padStart(6)} req  ${(n / seconds).toFixed(0).padStart(6)} req/s  ` +
      `cpu/request: user ${user.toFixed(0).padStart(4)} µs  system ${system.toFixed(0).padStart(4)} µs  total ${(user + system).toFixed(0).padStart(4)} µs` +
      (pgDb
        ? `  database ${database.toFixed(0).padStart(4)} µs  both ${(user + system + database).toFixed(0).padStart(4)} µs`
        : '') +
      `  p99 ${result.latency.p99} ms${result.non2xx ? `  non-2xx ${result.non2xx}` : ''}`,
  );
}
