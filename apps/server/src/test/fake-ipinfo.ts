/**
 * A local stand-in for an IP-information service in ipinfo.io's protocol, for the server's tests and the e2e
 * journeys: `GET /<ip>?token=<token>` answers `{"ip", "city", "region", "country", "loc", "timezone"}` for a known
 * address, `{"ip", "bogon": true}` for a private one, 403 `{"error": …}` for a wrong token. `mode` makes it slow
 * (answers after `slowMs`) or down (500).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type TFakeIpInfo = {
  origin: string;
  mode: 'ok' | 'slow' | 'down';
  slowMs: number;
  /** Address → its country and zone. */
  known: Map<string, { country: string; timezone: string; city?: string }>;
  requests: { ip: string; token: string | null }[];
  close(): Promise<void>;
};

export async function startFakeIpInfo(token: string): Promise<TFakeIpInfo> {
  const sockets = new Set<Socket>();
  const fake: Omit<TFakeIpInfo, 'origin' | 'close'> = { mode: 'ok', slowMs: 3_000, known: new Map(), requests: [] };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const ip = decodeURIComponent(url.pathname.slice(1));
    fake.requests.push({ ip, token: url.searchParams.get('token') });
    if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (fake.mode === 'down') return json(500, { error: 'internal' });
    if (url.searchParams.get('token') !== token) {
      return json(403, {
        status: 403,
        error: { title: 'Unknown token', message: 'Please ensure you use a valid token' },
      });
    }
    const info = fake.known.get(ip);
    if (!info) return json(200, { ip, bogon: true });
    return json(200, {
      ip,
      city: info.city ?? '',
      region: '',
      country: info.country,
      loc: '0,0',
      timezone: info.timezone,
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
