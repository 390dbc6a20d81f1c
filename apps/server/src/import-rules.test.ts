import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(path.join(serverDir, '.dependency-cruiser.cjs')) as IConfiguration;

/** The rule names dependency-cruiser reports for a tree, with the config CI uses. */
async function violationsIn(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['src'], {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  if (typeof output === 'string') throw new Error('expected a cruise result');
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

/** A scratch tree shaped like src/ with the given files. */
async function treeWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'import-rules-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

describe('server import rules (npm run lint:deps)', () => {
  it('hold on the real tree', { timeout: 60_000 }, async () => {
    expect(await violationsIn(serverDir)).toEqual([]);
  });

  it('refuse a cycle, an import against the module graph, a module left out of it, and lib importing a module', async () => {
    const dir = await treeWith({
      'src/modules/schedule/free.ts': "import { book } from '../booking/book.ts';\nexport const free = () => book;\n",
      'src/modules/booking/book.ts':
        "import { free } from '../schedule/free.ts';\nexport const book = () => free;\nexport type TBook = number;\n",
      'src/modules/newcomer/thing.ts': "import { book } from '../booking/book.ts';\nexport const thing = book;\n",
      'src/modules/schedule/types-only.ts':
        "import type { TBook } from '../booking/book.ts';\nexport type T = TBook;\n",
      'src/lib/helper.ts': "import { free } from '../modules/schedule/free.ts';\nexport const helper = free;\n",
      'tsconfig.json': '{}',
    });
    try {
      const violations = await violationsIn(dir);
      expect(violations).toEqual(
        expect.arrayContaining([
          'module-edges-schedule: src/modules/schedule/free.ts → src/modules/booking/book.ts',
          'module-edges-schedule: src/modules/schedule/types-only.ts → src/modules/booking/book.ts',
          'module-not-in-graph: src/modules/newcomer/thing.ts → src/modules/booking/book.ts',
          'lower-layers-stay-low: src/lib/helper.ts → src/modules/schedule/free.ts',
        ]),
      );
      // The cycle is reported once, from whichever side the cruise met first.
      expect(violations.filter((v) => v.startsWith('no-circular:'))).toHaveLength(1);
      // booking → schedule is an edge of the graph: allowed, though here it closes a cycle.
      expect(violations).not.toContain(
        'module-edges-booking: src/modules/booking/book.ts → src/modules/schedule/free.ts',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keep test helpers out of production code, and lib, db and the context below the modules', async () => {
    const dir = await treeWith({
      'src/test/app.ts': 'export const buildTestApp = () => 1;\n',
      'src/modules/video/testing.ts':
        "import { buildTestApp } from '../../test/app.ts';\nexport const world = buildTestApp;\n",
      'src/modules/video/world.test.ts': "import { world } from './testing.ts';\nexport const w = world;\n",
      'src/modules/video/get-video.ts': "import { world } from './testing.ts';\nexport const getVideo = world;\n",
      'src/context.ts': "import { getVideo } from './modules/video/get-video.ts';\nexport const ctx = getVideo;\n",
      'src/modules/newcomer/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'src/modules/newcomer/b.ts': 'export const b = 1;\n',
      'tsconfig.json': '{}',
    });
    try {
      expect((await violationsIn(dir)).sort()).toEqual([
        'lower-layers-stay-low: src/context.ts → src/modules/video/get-video.ts',
        'test-helpers-in-tests-only: src/modules/video/get-video.ts → src/modules/video/testing.ts',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuse to load a module table that is not one way', async () => {
    const source = readFileSync(path.join(serverDir, '.dependency-cruiser.cjs'), 'utf8');
    expect(source).toContain('  schedule: [],\n');
    const dir = await treeWith({ 'cyclic.cjs': source.replace('  schedule: [],\n', "  schedule: ['booking'],\n") });
    try {
      expect(() => createRequire(import.meta.url)(path.join(dir, 'cyclic.cjs'))).toThrow(
        /MODULE_EDGES has a cycle: .*schedule → booking → schedule/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
