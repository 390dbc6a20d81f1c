import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../lib/errors.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The peer of the socket itself, never a forwarded header: only this machine counts as local. */
export const isLoopback = (address: string | undefined): boolean => LOOPBACK.test(address ?? '');

async function refuseUnlessLocal(request: FastifyRequest, reply: FastifyReply) {
  // A proxy on this machine relays other people's requests: they are not local either.
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (isLoopback(request.socket.remoteAddress) && !relayed) return;
  return reply.code(403).send(errorBody('forbidden', 'Инструменты разработки доступны только с этого компьютера'));
}

/**
 * Tools for a developer's own machine (the mailbox of written mail): registered only with
 * APP_ENV=development, and even then answered only to loopback addresses.
 */
export async function registerDevRoutes(app: FastifyInstance, routes: (app: FastifyInstance) => Promise<void>) {
  if (app.ctx.config.APP_ENV !== 'development') return;
  await app.register(async (dev) => {
    dev.addHook('onRequest', refuseUnlessLocal);
    await dev.register(routes);
  });
}
