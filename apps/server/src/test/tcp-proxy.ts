import net from 'node:net';

export type TTcpProxy = {
  /** 127.0.0.1:<port> in front of the target. */
  port: number;
  /** The outage: open connections are torn down and new ones refused until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

/**
 * A TCP relay between the app and a service (PostgreSQL, Redis) that a test can cut, to try
 * an outage without stopping the real service (no root needed, other tests unaffected).
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TTcpProxy> {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  const cut = () => {
    up = false;
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  };
  return {
    port: address.port,
    cut,
    restore() {
      up = true;
    },
    close() {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
