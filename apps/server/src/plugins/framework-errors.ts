import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../lib/errors.ts';

/**
 * Fastify's own refusals that never reach the error handler, answered in our shape.
 * `frameworkErrors` gets those found while routing: a URL that does not decode (400) and a
 * path parameter longer than `maxParamLength` (414).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send(errorBody('malformed_request', 'Слишком длинный адрес запроса'));
    return;
  }
  reply.code(400).send(errorBody('malformed_request', 'Адрес запроса содержит недопустимые символы'));
}

/** Node's `clientError` error: an Error with the parser's code and the bytes it stopped at. */
type TClientError = Error & { code?: string; rawPacket?: unknown };

/** What Node's HTTP parser refused before any request existed: too-big head, timeout, broken request. */
function clientErrorAnswer(error: TClientError): [number, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The head is over `maxHeaderSize`: when the request line alone is that long, the address is what was too long.
    const head = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const lineEnd = head.indexOf('\r\n');
    const addressTooLong = /^[A-Z]+ /.test(head) && (lineEnd === -1 || lineEnd >= maxHeaderSize);
    return addressTooLong ? [414, 'Слишком длинный адрес запроса'] : [431, 'Слишком большие заголовки запроса'];
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Запрос не был получен вовремя'];
  return [400, 'Некорректный HTTP-запрос'];
}

/**
 * Node's `clientError`: there is no request or reply, only the socket, so the answer is written
 * by hand (one JSON body in our shape, the connection closed after it), as Fastify's default does.
 */
export function clientErrorHandler(error: TClientError, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(error);
  const body = JSON.stringify(errorBody('malformed_request', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
