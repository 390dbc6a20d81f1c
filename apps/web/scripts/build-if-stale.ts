// `npm start`'s web build: skipped when apps/web/dist is newer than everything it is built from (the web app's
// sources, its config and packages, the contract it imports, the lockfile). `--force` builds anyway.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const WEB = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(WEB, '../..');
const BUILT = path.join(WEB, 'dist/index.html');
const SOURCES = [
  path.join(WEB, 'src'),
  path.join(WEB, 'public'),
  path.join(WEB, 'index.html'),
  path.join(WEB, 'vite.config.ts'),
  path.join(WEB, 'package.json'),
  path.join(ROOT, 'packages/contract/src'),
  path.join(ROOT, 'packages/contract/package.json'),
  path.join(ROOT, 'package-lock.json'),
];

/** The newest modification time under a file or folder (tests included: cheaper to over-build than to list). */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true, encoding: 'utf8' })) {
    latest = Math.max(latest, statSync(path.join(target, entry)).mtimeMs);
  }
  return latest;
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map(newest));
if (process.argv.includes('--force') || builtAt <= changedAt) {
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
} else {
  console.log('The web app is built and up to date: no build (npm run build builds it anyway).');
}
