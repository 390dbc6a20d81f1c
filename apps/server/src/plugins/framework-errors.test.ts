import net from 'node:net';
import { ZApiErrorSchema } from '@therapy/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../test/app.ts';

let t: TTestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.app.close());

const CYRILLIC = /[а-яё]/i;

async function expectOurShape(options: InjectOptions, status: number) {
  const response = await t.app.inject(options);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = ZApiErrorSchema.strict().parse(response.json());
  expect(body.error.message).toMatch(CYRILLIC);
}

/** Sends raw bytes to the listening server and reads the answer until it closes the connection. */
function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      if (!status) reject(new Error(`no answer: ${answer}`));
      resolve({ status, headers: head, body });
    });
  });
}

async function expectRawShape(text: string, status: number) {
  const answer = await rawRequest(text);
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  const body = ZApiErrorSchema.strict().parse(JSON.parse(answer.body));
  expect(body.error.message).toMatch(CYRILLIC);
}

describe("Fastify's own refusals answer in our shape with a Russian message", () => {
  it('404 for an unknown API address and for a write to an unknown page', async () => {
    await expectOurShape({ method: 'GET', url: '/api/v1/no_such_thing' }, 404);
    await expectOurShape({ method: 'POST', url: '/no/such/page', payload: {} }, 404);
  });

  it('413 for a body over the limit', () =>
    expectOurShape(
      {
        method: 'POST',
        url: '/api/v1/auth/sign_in',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(1_100_000) }),
      },
      413,
    ));

  it('415 for a content type nobody parses', () =>
    expectOurShape(
      {
        method: 'POST',
        url: '/api/v1/auth/sign_in',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      },
      415,
    ));

  it('400 for a body that is not JSON', () =>
    expectOurShape(
      {
        method: 'POST',
        url: '/api/v1/auth/sign_in',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      },
      400,
    ));

  it('400 for an address that does not decode', () =>
    expectOurShape({ method: 'GET', url: '/api/v1/user/slots/%E0%A4%A' }, 400));

  it('414 for a path parameter over the length limit', () =>
    expectOurShape({ method: 'GET', url: `/api/v1/user/slots/${'a'.repeat(500)}` }, 414));

  it('431 for headers over the size limit, from a real connection', () =>
    expectRawShape(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`, 431));

  it('414 for an address over the size limit, from a real connection', () =>
    expectRawShape(`GET /api/v1/user/me?q=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 414));

  it('400 for bytes that are not HTTP, from a real connection', () => expectRawShape('HELLO THERE\r\n\r\n', 400));
});
