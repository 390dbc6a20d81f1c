import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { PRODUCTION_TEST_ENV, STAGING_TEST_ENV } from '../../test/production-env.ts';
import { listStoredMail } from './mail-store.ts';
import { createMailer, mailDirOf } from './mailer.ts';

let t: TTestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'therapy-mailbox-'));
  t = await buildTestApp({ DATA_DIR: dataDir, APP_ENV: 'development' });
});
afterAll(async () => {
  await t.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('development mailbox', () => {
  it('lists written mail and shows one message, escaped, under the CSP', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Писем пока нет');

    await createMailer(t.ctx.config).send({
      to: 'client@example.test',
      subject: 'Вы записаны на сессию <22.11.2026 в 14:30>',
      text: 'Здравствуйте!\n<script>alert(1)</script>',
      html: '<p>Здравствуйте!</p>',
      attachments: [{ filename: 'session.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
    });
    const [stored] = await listStoredMail(mailDirOf(t.ctx.config));
    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['content-security-policy']).toContain("script-src 'self'");
    expect(list.body).toContain('Вы записаны на сессию &lt;22.11.2026 в 14:30&gt;');
    expect(list.body).toContain(`/dev/mailbox/${stored?.name}`);
    expect(list.body).not.toMatch(/<script|style=/);

    const one = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${stored?.name}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(one.body).toContain('session.ics');
    const raw = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${stored?.name}/raw` });
    expect(raw.headers['content-type']).toContain('message/rfc822');
    expect(raw.body).toContain('Content-Type: text/calendar');

    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'nonexistent-00000000', '2026-11-22T00-00-00-000Z-ffffffff']) {
      expect((await t.app.inject({ method: 'GET', url: `/dev/mailbox/${name}` })).statusCode).toBe(404);
    }
  });

  it('answers only to this machine, in our error shape', async () => {
    for (const remoteAddress of ['10.0.0.7', '203.0.113.9', '::ffff:192.168.1.5', '2001:db8::1']) {
      const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(403);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress })).statusCode).toBe(200);
    }
  });

  it.each([
    ['production', PRODUCTION_TEST_ENV],
    ['staging', STAGING_TEST_ENV],
    ['test', { APP_ENV: 'test' }],
  ])('does not exist in %s', async (_name, env) => {
    const other = await buildTestApp({ ...env, DATA_DIR: dataDir });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/x', '/dev/mailbox/x/raw']) {
        const response = await other.app.inject({ method: 'GET', url });
        // Unregistered: the web app's page handler answers (503 here, where the web app is not built).
        expect(response.statusCode).toBe(503);
        expect(response.body).not.toMatch(/Почта разработки|Письмо не найдено/);
      }
    } finally {
      await other.app.close();
    }
  });
});
