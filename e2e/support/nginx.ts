// Debian's nginx in front of app nodes, as in production: run by this user (no root, no daemon) with a config,
// prefix and temp folders of its own. A request goes to node A, or to node B when it carries the cookie
// `e2e_node=b` (sticky routing, so a test decides where each browser lands); nginx names the node it used in
// `X-Upstream`. WebSockets are proxied (Upgrade/Connection), X-Forwarded-For is appended, and nginx reaches the
// nodes from 127.0.0.2, so the nodes can trust exactly that address (TRUST_PROXY) and not the clients on 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NGINX_BIN = process.env.E2E_NGINX ?? '/usr/sbin/nginx';
/** The address nginx connects to the app nodes from: the one proxy they trust. */
export const PROXY_ADDRESS = '127.0.0.2';

export type TNginx = { baseURL: string; stop(): Promise<void> };

function configOf(prefix: string, port: number, nodes: string[]): string {
  const [a, b] = nodes.map((url) => new URL(url).host);
  return `
worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  map $cookie_e2e_node $node { default ${a}; b ${b}; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://$node;
      proxy_bind ${PROXY_ADDRESS};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 3600s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** A free-looking port for nginx, chosen before the nodes start (their PUBLIC_URL is nginx's address). */
export const nginxPort = (): number => 4100 + Math.floor(Math.random() * 800);

/** Starts nginx on `port` in front of two app nodes and waits until it answers /healthz through them. */
export async function startNginx(port: number, nodes: string[]): Promise<TNginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'therapy-nginx-'));
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, dir));
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, configOf(prefix, port, nodes));
  const child: ChildProcess = spawn(NGINX_BIN, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseURL}/healthz`)).status === 200) return { baseURL, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not answer on ${baseURL}`);
}
