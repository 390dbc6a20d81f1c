import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertFileKey, createFolderFileStore, randomFileName, type TFileStore } from './file-store.ts';

let root: string;
let store: TFileStore;

async function read(key: string): Promise<string | null> {
  const file = await store.get(key);
  return file ? text(file.stream) : null;
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'file-store-'));
  store = createFolderFileStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('folder file store', () => {
  it('keeps a buffer and a stream and gives them back with their size', async () => {
    await expect(store.put('education/7/diploma.pdf', Buffer.from('%PDF-1.7 diploma'))).resolves.toEqual({ size: 16 });
    await store.put('reports/1/q1.csv', Readable.from(['a;b\n', '1;2\n']));

    expect((await store.get('education/7/diploma.pdf'))?.size).toBe(16);
    expect(await read('education/7/diploma.pdf')).toBe('%PDF-1.7 diploma');
    expect(await read('reports/1/q1.csv')).toBe('a;b\n1;2\n');
  });

  it('answers null for a missing file and forgets a deleted one', async () => {
    expect(await store.get('avatars/none.webp')).toBeNull();
    await store.put('avatars/a.webp', Buffer.from('x'));
    await store.delete('avatars/a.webp');
    await store.delete('avatars/a.webp');
    expect(await store.get('avatars/a.webp')).toBeNull();
  });

  it('replaces a file whole and leaves no temporary file behind, also when the source fails', async () => {
    await store.put('r/x.txt', Buffer.from('old'));
    await store.put('r/x.txt', Buffer.from('new'));
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('partial');
        throw new Error('upload cut');
      })(),
    );
    await expect(store.put('r/x.txt', failing)).rejects.toThrow('upload cut');

    expect(await read('r/x.txt')).toBe('new');
    expect(await readdir(path.join(root, 'r'))).toEqual(['x.txt']);
  });

  it.each(['', '/etc/passwd', '../outside.txt', 'a/../../b', 'a//b', 'a/.hidden', 'a/b\u0000.pdf', 'a/x.tmp'])(
    'refuses the key %j',
    async (key) => {
      expect(() => assertFileKey(key)).toThrow('invalid file key');
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('invalid file key');
    },
  );

  it('makes random names with the extension asked for', () => {
    expect(randomFileName('.pdf')).toMatch(/^[0-9a-f]{24}\.pdf$/);
    expect(randomFileName('xlsx')).not.toBe(randomFileName('xlsx'));
  });
});
