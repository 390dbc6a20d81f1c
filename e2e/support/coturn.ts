// Starts Debian's coturn (`apt-get install -y coturn`) on 127.0.0.1 with the shared-secret
// (TURN REST API) scheme the server mints credentials for, allowing loopback peers so that
// two browsers on one machine can relay through it.
//
//   node e2e/support/coturn.ts      runs it in the foreground and prints the server's env:
//     TURN_URLS=turn:127.0.0.1:3478?transport=udp,turn:127.0.0.1:3478?transport=tcp
//     TURN_SECRET=…  (COTURN_SECRET, COTURN_PORT, COTURN_MIN_PORT, COTURN_MAX_PORT override)
//
// From code: `const turn = await startCoturn({ port })`, then `turn.env` for the app server and
// `await turn.stop()`.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type TCoturnOptions = {
  port?: number;
  secret?: string;
  realm?: string;
  /** The UDP ports relays are allocated from. */
  minPort?: number;
  maxPort?: number;
};

export type TCoturn = {
  port: number;
  secret: string;
  realm: string;
  urls: string[];
  /** The turnserver process (a benchmark freezes it with SIGSTOP to cut the media path). */
  pid: number | undefined;
  /** What the app server needs to hand these credentials out. */
  env: { TURN_URLS: string; TURN_SECRET: string; STUN_URLS: string };
  stop(): Promise<void>;
};

export const coturnInstalled = (): boolean => spawnSync('turnserver', ['--version']).status === 0;

export function coturnArgs(o: Required<TCoturnOptions>, dataDir: string): string[] {
  return [
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.1',
    `--listening-port=${o.port}`,
    `--min-port=${o.minPort}`,
    `--max-port=${o.maxPort}`,
    '--use-auth-secret',
    `--static-auth-secret=${o.secret}`,
    `--realm=${o.realm}`,
    '--fingerprint',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    // coturn refuses relaying to 127.x by default; both browsers of a test live there.
    '--allow-loopback-peers',
    '--no-multicast-peers',
    `--userdb=${path.join(dataDir, 'turndb')}`,
    `--pidfile=${path.join(dataDir, 'turnserver.pid')}`,
    '--log-file=stdout',
    '--simple-log',
  ];
}

/** Resolves once the server answers a STUN Binding request on its port. */
async function waitForBinding(port: number, timeoutMs: number): Promise<void> {
  const socket = createSocket('udp4');
  const deadline = Date.now() + timeoutMs;
  try {
    await new Promise<void>((resolve, reject) => {
      const request = Buffer.alloc(20);
      request.writeUInt16BE(0x0001, 0);
      request.writeUInt32BE(0x2112a442, 4);
      randomBytes(12).copy(request, 8);
      let timer: NodeJS.Timeout | undefined;
      socket.on('message', (packet) => {
        if (packet.length < 2 || packet.readUInt16BE(0) !== 0x0101) return;
        clearTimeout(timer);
        resolve();
      });
      const poke = () => {
        if (Date.now() > deadline) return reject(new Error(`coturn did not answer on 127.0.0.1:${port}`));
        socket.send(request, port, '127.0.0.1');
        timer = setTimeout(poke, 100);
      };
      poke();
    });
  } finally {
    socket.close();
  }
}

export async function startCoturn(options: TCoturnOptions = {}): Promise<TCoturn> {
  const o: Required<TCoturnOptions> = {
    port: options.port ?? 3478,
    secret: options.secret ?? randomBytes(16).toString('hex'),
    realm: options.realm ?? 'therapy.local',
    minPort: options.minPort ?? 49160,
    maxPort: options.maxPort ?? 49200,
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coturn-'));
  const child: ChildProcess = spawn('turnserver', coturnArgs(o, dataDir), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitForBinding(o.port, 10_000),
      exited.then(() => {
        throw new Error(`coturn exited:\n${output}`);
      }),
    ]);
  } catch (err) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const urls = [`turn:127.0.0.1:${o.port}?transport=udp`, `turn:127.0.0.1:${o.port}?transport=tcp`];
  return {
    port: o.port,
    secret: o.secret,
    realm: o.realm,
    urls,
    pid: child.pid,
    env: { TURN_URLS: urls.join(','), TURN_SECRET: o.secret, STUN_URLS: `stun:127.0.0.1:${o.port}` },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (import.meta.filename === process.argv[1]) {
  const turn = await startCoturn({
    port: Number(process.env.COTURN_PORT ?? 3478),
    ...(process.env.COTURN_SECRET ? { secret: process.env.COTURN_SECRET } : {}),
    minPort: Number(process.env.COTURN_MIN_PORT ?? 49160),
    maxPort: Number(process.env.COTURN_MAX_PORT ?? 49200),
  });
  for (const [key, value] of Object.entries(turn.env)) console.log(`${key}=${value}`);
  const stop = () => void turn.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
