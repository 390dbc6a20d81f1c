import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('./', import.meta.url);
const sources = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('@therapy/contract/rules', () => {
  it('imports nothing but its own files, so the web can load the rules without zod', () => {
    expect(sources).toContain('index.ts');
    for (const name of sources) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      const specifiers = [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
      for (const specifier of specifiers) expect(specifier, `${name} imports ${specifier}`).toMatch(/^\.\/[\w-]+\.ts$/);
    }
  });

  it('is what the package exports under ./rules', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', dir), 'utf8')) as {
      exports: Record<string, string>;
    };
    expect(pkg.exports['./rules']).toBe('./src/rules/index.ts');
    const rules = await import('@therapy/contract/rules');
    expect(Object.keys(rules)).toEqual(
      expect.arrayContaining(['escapeHtml', 'formatMoney', 'formatDateTime', 'freeCancelUntil', 'normalizeCurrency']),
    );
  });
});
