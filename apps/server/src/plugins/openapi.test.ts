import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { routes } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../test/app.ts';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

type TOperation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
};
type TDocument = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, TOperation>>;
  components: { securitySchemes: Record<string, { in: string; name: string }>; schemas: Record<string, unknown> };
};
type TLintReport = {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
};

let t: TTestApp;
let document: TDocument;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://therapy.example' });
  const response = await t.app.inject('/api/docs/json');
  expect(response.statusCode).toBe(200);
  document = response.json<TDocument>();
});
afterAll(() => t.app.close());

const operation = (name: keyof typeof routes): TOperation => {
  const def = routes[name];
  const found = document.paths[def.path.replace(/:([a-z_]+)/g, '{$1}')]?.[def.method.toLowerCase()];
  if (!found) throw new Error(`${def.method} ${def.path} is not in the document`);
  return found;
};

/** Redocly's linter over the served document, with the repository's ruleset (redocly.yaml). */
async function lint(doc: TDocument): Promise<TLintReport> {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [REDOCLY, 'lint', file, '--config', path.join(REPO, 'redocly.yaml'), '--format=json'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return JSON.parse(stdout) as TLintReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the API reference at /api/docs', () => {
  it('passes Redocly’s lint with no error; the health and readiness probes, taking no input, are the only operations without a 4xx answer', async () => {
    const report = await lint(document);
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([
      'operation-4xx-response #/paths/~1healthz/get/responses',
      'operation-4xx-response #/paths/~1readyz/get/responses',
    ]);
  });

  it('fails the lint when an operation loses its summary and its security', async () => {
    const broken = structuredClone(document);
    const signIn = broken.paths['/api/v1/auth/sign_in']?.post;
    if (!signIn) throw new Error('no sign-in operation');
    delete signIn.summary;
    delete signIn.security;
    const report = await lint(broken);
    expect(report.problems.filter((p) => p.severity === 'error').map((p) => p.ruleId)).toEqual(
      expect.arrayContaining(['operation-summary', 'security-defined']),
    );
  });

  it('documents every contract route under its name and summary, and nothing that is not a client call', () => {
    for (const [name, def] of Object.entries(routes)) {
      expect(operation(name as keyof typeof routes)).toMatchObject({ operationId: name, summary: def.summary });
    }
    const documented = Object.values(document.paths).flatMap((ops) => Object.keys(ops));
    expect(documented).toHaveLength(Object.keys(routes).length);
    expect(Object.keys(document.paths).filter((p) => p.includes('webhooks') || p.startsWith('/sandbox'))).toEqual([]);
  });

  it('names the server and how a caller proves who they are: the session cookie, and the CSRF header on writes', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://therapy.example' })]);
    expect(document.components.securitySchemes).toMatchObject({
      session: { in: 'cookie', name: 'sid' },
      csrf: { in: 'header', name: 'X-CSRF-Token' },
    });
    expect(operation('signIn').security).toEqual([]);
    expect(operation('userPasses').security).toEqual([{ session: [] }]);
    expect(operation('buyPass').security).toEqual([{ session: [], csrf: [] }]);
    expect(operation('therapistSchedule').tags).toEqual(['therapist']);
  });

  it('lists the error answers each route can give, in the one error shape', () => {
    const buy = operation('buyPass').responses;
    expect(Object.keys(buy).sort()).toEqual(['200', '400', '401', '403', '404', '409', '422', '429', '502']);
    expect(buy['403']?.description).toContain('`forbidden`');
    expect(buy['403']?.description).toContain('`csrf_invalid`');
    expect(buy['409']?.description).toContain('`amount_mismatch`');
    expect(buy['409']?.content?.['application/json']?.schema.$ref).toBe('#/components/schemas/ApiError');
    expect(document.components.schemas.ApiError).toMatchObject({ required: ['error'] });

    expect(Object.keys(operation('signIn').responses).sort()).toEqual(['200', '400', '401', '422', '429']);
    expect(operation('signIn').responses['401']?.description).toContain('`invalid_credentials`');
    expect(Object.keys(operation('userPasses').responses).sort()).toEqual(['200', '401', '403']);
    expect(operation('userPasses').responses['403']?.description).not.toContain('csrf_invalid');
  });
});
