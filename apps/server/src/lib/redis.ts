import type { Redis } from 'ioredis';

/**
 * A Redis connection for shared counters (rate limits, sign-in delays). Commands give up
 * after a second and one retry, so a Redis outage costs a request a second at most
 * instead of hanging it; the connection keeps reconnecting by itself. ioredis loads only here, for a deployment
 * with Redis: a server without it starts without its ~60 modules.
 */
export async function createRedisClient(url: string): Promise<Redis> {
  const ioredis = await import('ioredis');
  // Auto-pipelining sends the commands of concurrent requests (a session check each) in one write.
  return new ioredis.Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: 1000,
    enableAutoPipelining: true,
  });
}
