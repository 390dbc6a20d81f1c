import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pickLanguage, type TLanguage } from '../lib/i18n/language.ts';
import { translatePayload } from '../lib/i18n/translate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in: the user's saved choice, else Accept-Language, else Russian. */
    readonly language: TLanguage;
  }
}

/**
 * One place decides the language of an answer (`request.language`), and one hook puts every
 * JSON answer into it: route results, errors of every kind and their field messages. Domain code
 * keeps writing Russian; `lib/i18n/translate.ts` turns the texts its catalogue knows (messages,
 * labels, taxonomy names) into English and leaves everything else (names, codes, user text) as it is.
 * Registered after the auth plugin, whose `onRequest` loads the user this reads.
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', {
    getter() {
      return pickLanguage(this.user?.language, this.headers['accept-language']);
    },
  });
  // Callback hooks: they run on every answer and never wait (see same-site.ts).
  app.addHook('onSend', (request, reply, _payload, done) => {
    // Only answers the hook below translates; files and pages stay as cacheable as they were.
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return done();
    reply.header('content-language', request.language);
    // The same address answers in another language for another Accept-Language.
    const vary = reply.getHeader('vary');
    if (
      !String(vary ?? '')
        .toLowerCase()
        .includes('accept-language')
    ) {
      reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    }
    done();
  });
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) =>
    done(null, translatePayload(payload, request.language)),
  );
});
