import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../lib/errors.ts';
import { isDatabaseUnavailable } from '../lib/pg-errors.ts';

type TIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldsOf(issues: readonly TIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path =
      issue.params?.issue?.path?.map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
      '_';
    fields[path] ??= issue.message ?? 'Некорректное значение';
  }
  return fields;
}

const MESSAGE_OF_STATUS: Record<number, string> = {
  413: 'Слишком большой запрос',
  414: 'Слишком длинный адрес запроса',
  415: 'Неподдерживаемый тип содержимого запроса',
  431: 'Слишком большие заголовки запроса',
};

/** Every failure leaves as `{error: {code, message, fields}}` with a Russian message; bad input is never a 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send(errorBody(error.code, error.message, error.fields, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send(errorBody('validation_failed', undefined, fieldsOf(error.validation as TIssue[])));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send(errorBody('malformed_request', 'Тело запроса не является корректным JSON'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(errorBody('malformed_request', 'Неподдерживаемый тип содержимого запроса'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(errorBody('malformed_request', 'Слишком большой запрос'));
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send(errorBody('malformed_request'));
    }
    if (error.statusCode === 429) {
      return reply.code(429).send(errorBody('rate_limited', error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Other 4xx of Fastify and its plugins (a multipart file over the limit, a bad header): our shape, never theirs.
      return reply.code(error.statusCode).send(errorBody('malformed_request', MESSAGE_OF_STATUS[error.statusCode]));
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the caller may retry; one warning line per request, without the query's values.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(errorBody('unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('internal'));
  });
}
