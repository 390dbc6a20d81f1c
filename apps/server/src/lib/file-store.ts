import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded and generated files live (avatars, education documents, reports): never
 * under the web root, and served only by routes that check who asks. Keys are paths made of
 * safe segments (`education/42/3f9a.pdf`); callers keep the content type and owner in the
 * database. A folder by default; an S3-compatible bucket can implement the same type.
 */
export type TFileStore = {
  /** Writes the whole file, then makes it visible at once (no half-written file is ever read). */
  put(key: string, data: Buffer | Readable | AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** The file's bytes as a stream, or null when there is no such file. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
};

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Refuses anything that could leave the store's folder: empty, absolute, `..`, odd characters. */
export function assertFileKey(key: string): void {
  const segments = key.split('/');
  if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s) && s !== '..' && !s.endsWith('.tmp'))) {
    throw new Error(`invalid file key: ${JSON.stringify(key)}`);
  }
}

/** A random file name with the given extension, for keys callers build. */
export function randomFileName(extension: string): string {
  return `${randomBytes(12).toString('hex')}.${extension.replace(/^\./, '')}`;
}

export function createFolderFileStore(root: string): TFileStore {
  const pathOf = (key: string) => {
    assertFileKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : Readable.from(data);
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
