import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(import.meta.dirname, '..');

/** Every non-test source file under src/ (src/test holds the tests' own set-ups, not the app). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(srcDir, 'test') ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The session cache holds each session's user row: a file that changes a user row must also
 * refresh (or invalidate) the cached sessions of that user, or a node keeps serving the old row.
 */
describe('writes to users keep the session cache fresh', () => {
  it('every file that updates users refreshes or invalidates the cached sessions', () => {
    const writers = sourceFiles(srcDir).filter((file) => /\.update\(users\)/.test(readFileSync(file, 'utf8')));
    expect(writers.length).toBeGreaterThan(0);
    const forgetful = writers
      .filter((file) => !/refreshSessionsOfUser\(|sessions\.invalidate\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(srcDir, file));
    expect(forgetful).toEqual([]);
  });
});
