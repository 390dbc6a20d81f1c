import { Writable } from 'node:stream';
import { ZApiErrorSchema } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { createClient, uniqueEmail } from '../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../test/app.ts';

/** Every JSON line the app logged, in order. */
const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const logged = () => JSON.stringify(lines);

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
});
afterAll(() => t.app.close());

describe('log lines', () => {
  it('never hold the values of a failed database write (password hash, e-mail)', async () => {
    const email = uniqueEmail('log-leak');
    const client = await createClient(t.ctx.db, { email });
    const error = await t.ctx.db
      .insert(users)
      .values({ ...client, id: undefined, email: email.toUpperCase() } as never)
      .then(() => null)
      .catch((err: unknown) => err);
    expect(String(error)).toContain(client.passwordHash); // drizzle's own message carries the parameters
    t.app.log.error({ err: error }, 'unhandled error');

    const line = lines.at(-1) as { err: { message: string; cause?: { code?: string; message?: string } } };
    expect(line.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(line.err.cause?.code).toBe('23505');
    expect(logged()).not.toContain(client.passwordHash);
    expect(logged().toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('censor passwords, hashes, tokens, cards, sessions and answers wherever they sit', () => {
    const secrets = {
      password: 'pw-secret-1',
      password_hash: '$argon2id$v=19$secret-2',
      csrf_token: 'tok-secret-3',
      join_token: 'tok-secret-4',
      card_number: '4242424242424242',
      sid: 'sid-secret-5',
      cookie: 'sid=sid-secret-6',
      answers: { why: 'answer-secret-7' },
    };
    t.app.log.info({ body: secrets, nested: { list: [{ user: { ...secrets } }] } }, 'something');
    const text = JSON.stringify(lines.at(-1));
    for (const value of ['pw-secret-1', 'secret-2', 'tok-secret-3', 'tok-secret-4', '4242424242424242', 'sid-secret']) {
      expect(text).not.toContain(value);
    }
    expect(text).not.toContain('answer-secret-7');
    expect(text).toContain('[redacted]');
  });

  it('leave the calendar feed token out of the logged request line', async () => {
    const token = 'feedsecret'.padEnd(43, 'x');
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: `/api/v1/calendar/${token}.ics` });
    const text = JSON.stringify(lines.slice(before));
    expect(text).toContain('/api/v1/calendar/');
    expect(text).not.toContain('feedsecret');
  });

  it('carry the request id, which the error answer names too', async () => {
    const password = 'never-logged-password-8';
    const before = lines.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_in',
      payload: { email: uniqueEmail('nobody'), password },
    });
    expect(response.statusCode).toBe(401);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ZApiErrorSchema.parse(response.json()).error.request_id).toBe(requestId);

    const ofRequest = lines.slice(before);
    expect(ofRequest.length).toBeGreaterThanOrEqual(1); // the refusal's request line
    for (const line of ofRequest) expect(line.request_id).toBe(requestId);
    expect(JSON.stringify(ofRequest)).not.toContain(password);
  });

  it('write one line for a refusal and only a sample of the answers that went well', async () => {
    const before = lines.length;
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/user/me' });
    expect(refused.statusCode).toBe(401);
    const completed = lines.slice(before).filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      request_id: refused.headers['x-request-id'],
      req: { method: 'GET', url: '/api/v1/user/me' },
      res: { statusCode: 401 },
    });
  });

  it('give each request its own id, also on unknown routes', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/v1/nothing/here' }),
      t.app.inject({ method: 'GET', url: '/api/v1/nothing/here' }),
    ]);
    const idOf = (r: typeof a) => ZApiErrorSchema.parse(r.json()).error.request_id;
    expect(idOf(a)).toBe(a?.headers['x-request-id']);
    expect(idOf(a)).not.toBe(idOf(b));
  });
});
