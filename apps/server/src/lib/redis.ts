import { Redis } from 'ioredis';

/**
 * A Redis connection for shared counters (rate limits, sign-in delays). Commands give up
 * after a second and one retry, so a Redis outage costs a request a second at most
 * instead of hanging it; the connection keeps reconnecting by itself.
 */
export function createRedisClient(url: string): Redis {
  // Auto-pipelining sends the commands of concurrent requests (a session check each) in one write.
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: 1000,
    enableAutoPipelining: true,
  });
}
