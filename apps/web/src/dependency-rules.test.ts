/**
 * The import rules of `.dependency-cruiser.cjs`, run through dependency-cruiser's API over a small tree written to a
 * temporary folder: the allowed directions pass, and each forbidden import is reported by its rule.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const config: IConfiguration = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

/** A tree that keeps every rule: app → features → entities → shared → contract-like leaf. */
const ALLOWED: Record<string, string> = {
  'src/islands/registry.ts': "export const load = () => import('../app/App.tsx');",
  'src/app/App.tsx':
    "import { BookingScreen } from '../features/booking/BookingScreen.tsx';\nexport { BookingScreen };",
  'src/features/booking/BookingScreen.tsx':
    "import { usePasses } from '../../entities/pass/get-passes.ts';\nimport { Button } from '../../ui/Button.tsx';\nexport const BookingScreen = () => [usePasses, Button];",
  'src/features/passes/PassesScreen.tsx':
    "import { usePasses } from '../../entities/pass/get-passes.ts';\nexport const PassesScreen = usePasses;",
  'src/entities/pass/get-passes.ts':
    "import { routeKey } from '../../api/query-keys.ts';\nexport const usePasses = () => routeKey;",
  'src/api/query-keys.ts': "import { cx } from '../lib/cx.ts';\nexport const routeKey = cx;",
  'src/ui/Button.tsx': "import { cx } from '../lib/cx.ts';\nexport const Button = cx;",
  'src/lib/cx.ts': 'export const cx = 1;',
};

let root: string | null = null;

function writeTree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'web-deps-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function violationsIn(files: Record<string, string>): Promise<Array<{ rule: string; from: string; to: string }>> {
  const baseDir = writeTree(files);
  const { output } = await cruise(['src'], {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  return (output as ICruiseResult).summary.violations
    .map((violation) => ({ rule: violation.rule.name, from: violation.from, to: violation.to }))
    .sort((a, b) => a.from.localeCompare(b.from));
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

describe('web import rules', () => {
  it('let islands → app → features → entities → shared import down', async () => {
    expect(await violationsIn(ALLOWED)).toEqual([]);
  });

  it('fail a feature that imports another feature', async () => {
    const violations = await violationsIn({
      ...ALLOWED,
      'src/features/checkout/CheckoutScreen.tsx':
        "import { PassesScreen } from '../passes/PassesScreen.tsx';\nexport const CheckoutScreen = PassesScreen;",
    });
    expect(violations).toEqual([
      {
        rule: 'feature-to-feature',
        from: 'src/features/checkout/CheckoutScreen.tsx',
        to: 'src/features/passes/PassesScreen.tsx',
      },
    ]);
  });

  it('fail an entity that imports another entity or a feature', async () => {
    const violations = await violationsIn({
      ...ALLOWED,
      'src/entities/slot/get-slots.ts':
        "import { usePasses } from '../pass/get-passes.ts';\nimport { BookingScreen } from '../../features/booking/BookingScreen.tsx';\nexport const x = [usePasses, BookingScreen];",
    });
    expect(violations.map((violation) => [violation.rule, violation.to])).toEqual(
      expect.arrayContaining([
        ['entity-to-entity', 'src/entities/pass/get-passes.ts'],
        ['entity-to-upper-layer', 'src/features/booking/BookingScreen.tsx'],
      ]),
    );
  });

  it('fail the shared layers reaching up and a feature reaching the app', async () => {
    const violations = await violationsIn({
      ...ALLOWED,
      'src/ui/Button.tsx':
        "import { usePasses } from '../entities/pass/get-passes.ts';\nexport const Button = usePasses;",
      'src/features/passes/PassesScreen.tsx':
        "import { BookingScreen } from '../../app/App.tsx';\nexport const PassesScreen = BookingScreen;",
    });
    const rules = new Set(violations.map((violation) => violation.rule));
    expect(rules).toEqual(new Set(['shared-to-upper-layer', 'feature-to-app']));
  });

  it('fail a cycle, even inside one layer', async () => {
    const violations = await violationsIn({
      ...ALLOWED,
      'src/lib/cx.ts': "import { id } from './id.ts';\nexport const cx = id;",
      'src/lib/id.ts': "import { cx } from './cx.ts';\nexport const id = () => cx;",
    });
    expect(new Set(violations.map((violation) => violation.rule))).toEqual(new Set(['no-circular']));
  });

  it('keep src/testing for tests only', async () => {
    const violations = await violationsIn({
      ...ALLOWED,
      'src/testing/server.ts': 'export const server = 1;',
      'src/features/passes/PassesScreen.test.tsx':
        "import { server } from '../../testing/server.ts';\nexport { server };",
      'src/features/passes/use-server.ts': "import { server } from '../../testing/server.ts';\nexport { server };",
    });
    expect(violations).toEqual([
      { rule: 'testing-outside-tests', from: 'src/features/passes/use-server.ts', to: 'src/testing/server.ts' },
    ]);
  });
});
