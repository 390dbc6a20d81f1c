// The signaling socket's upgrade, both ways in one process and one run: through Fastify's request pipeline (the
// route, reached with a query in the URL) and by the direct path (signal/signal-plugin.ts), in alternating rounds.
//   npx node bench/signal-upgrade.ts          BENCH_SOCKETS=300 sockets a round, BENCH_ROUNDS=8 rounds each way
// A round opens every socket at once (our Origin, a session cookie) and closes them; the figure is the server's
// event loop CPU per socket (process.threadCpuUsage: the clients run in a worker thread of their own), which the
// load of a shared machine disturbs far less than wall-clock time. The first round of each way runs cold code.
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { SIGNAL_PATH } from '../apps/server/src/modules/video/signal/signal-plugin.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ORIGIN = 'https://bench.test';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', PUBLIC_URL: ORIGIN });
const database = await openDatabase({});
await database.migrate();
const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const url = `${address.replace(/^http/, 'ws')}${SIGNAL_PATH}`;

const clients = new Worker(
  `
  const { parentPort, workerData } = require('node:worker_threads');
  const WebSocket = require('ws');
  const open = (url) => new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin: workerData.origin, cookie: 'sid=' + 'x'.repeat(43) } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
  parentPort.on('message', async (url) => {
    const sockets = await Promise.all(Array.from({ length: workerData.sockets }, () => open(url)));
    await Promise.all(sockets.map((ws) => new Promise((resolve) => { ws.once('close', resolve); ws.close(); })));
    parentPort.postMessage('done');
  });`,
  { eval: true, workerData: { sockets: SOCKETS, origin: ORIGIN } },
);

/** The event loop's CPU per socket of one round (the closes settle for 50 ms before it is read). */
const round = (target: string) =>
  new Promise<number>((resolve) => {
    const from = process.threadCpuUsage();
    clients.once('message', () =>
      setTimeout(() => {
        const used = process.threadCpuUsage(from);
        resolve((used.user + used.system) / 1000 / SOCKETS);
      }, 50),
    );
    clients.postMessage(target);
  });

const ways = { fastify: [] as number[], direct: [] as number[] };
for (let i = 0; i < ROUNDS; i++) {
  ways.fastify.push(await round(`${url}?via=fastify`));
  ways.direct.push(await round(url));
}
console.log(`signaling upgrade + close, ${SOCKETS} sockets at once, event loop CPU per socket (ms), ${ROUNDS} rounds:`);
for (const [way, figures] of Object.entries(ways)) {
  const median = [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)] ?? 0;
  console.log(
    `  ${way.padEnd(7)} cold ${figures[0]?.toFixed(3)}  median ${median.toFixed(3)}  (${figures.map((f) => f.toFixed(3)).join(' ')})`,
  );
}
await clients.terminate();
await app.close();
await database.close();
