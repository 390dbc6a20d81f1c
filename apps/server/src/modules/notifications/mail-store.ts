import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TStoredMailMeta } from './mailer.ts';

/** Stored names are timestamps with a random tail; anything else (a path, dots) is refused. */
export const isMailName = (name: string) => /^[0-9TZ-]+-[0-9a-f]{8}$/.test(name);

/** Messages written by the file mailer, newest first. */
export async function listStoredMail(dir: string): Promise<TStoredMailMeta[]> {
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return [];
  }
  const names = files
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .filter(isMailName)
    .sort()
    .reverse();
  const metas: TStoredMailMeta[] = [];
  for (const name of names) {
    const meta = await readStoredMail(dir, name);
    if (meta) metas.push(meta);
  }
  return metas;
}

export async function readStoredMail(dir: string, name: string): Promise<TStoredMailMeta | null> {
  if (!isMailName(name)) return null;
  try {
    return JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as TStoredMailMeta;
  } catch {
    return null;
  }
}

export async function readStoredEml(dir: string, name: string): Promise<Buffer | null> {
  if (!isMailName(name)) return null;
  try {
    return await readFile(path.join(dir, `${name}.eml`));
  } catch {
    return null;
  }
}
