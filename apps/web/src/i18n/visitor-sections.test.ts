import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SECTIONS, STAFF_SECTIONS } from './sections.ts';

const SRC = path.resolve(import.meta.dirname, '..');

/**
 * What a visitor's page runs: the visitors' screens, their layout and routing, and the shared layers (config/ is left
 * out: its keys are named for the screens that show them).
 */
const VISITOR_CODE = [
  'features/landing',
  'features/auth',
  'app/layouts/PublicLayout.tsx',
  'app/layouts/Footer.tsx',
  'app/layouts/Brand.tsx',
  'app/routing',
  'ui',
  'lib',
  'api',
];

function sourcesUnder(entry: string): string[] {
  const full = path.join(SRC, entry);
  if (/\.tsx?$/.test(entry)) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(full, file));
}

describe('the texts of a visitor page', () => {
  it('come from the public sections only, which is all a visitor downloads', () => {
    const hidden = [...ACCOUNT_SECTIONS, ...STAFF_SECTIONS];
    const key = new RegExp(`['"\`](${hidden.join('|')})\\.[A-Za-z$]`, 'g');
    const found = VISITOR_CODE.flatMap(sourcesUnder).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(key)].map((match) => `${path.relative(SRC, file)}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });
});
