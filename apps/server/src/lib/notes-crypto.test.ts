import { describe, expect, it } from 'vitest';
import { keyringOf, openText, rewrapSealed, sealedKeyId, sealText } from './notes-crypto.ts';

const OLD = keyringOf({ NOTES_MASTER_KEY: 'the-old-master-key-of-at-least-32-chars' });
const NEW = keyringOf({
  NOTES_MASTER_KEY: 'the-new-master-key-of-at-least-32-chars',
  NOTES_MASTER_KEY_PREVIOUS: 'the-old-master-key-of-at-least-32-chars',
});
const NEW_ONLY = keyringOf({ NOTES_MASTER_KEY: 'the-new-master-key-of-at-least-32-chars' });
const TEXT = 'Клиентка говорила о тревоге перед экзаменом';

describe('envelope encryption of notes', () => {
  it('seals a text that opens again for the same record, with no trace of the text', () => {
    const sealed = sealText(OLD, TEXT, 'video_connection_reports:1');
    expect(sealed).toMatch(/^nk1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('тревог');
    expect(Buffer.from(sealed.split('.').slice(2).join(''), 'base64url').toString('utf8')).not.toContain('тревог');
    expect(openText(OLD, sealed, 'video_connection_reports:1')).toBe(TEXT);
  });

  it('uses a fresh data key and nonce per record: the same text seals differently', () => {
    const a = sealText(OLD, TEXT, 'r:1');
    const b = sealText(OLD, TEXT, 'r:1');
    expect(a).not.toBe(b);
    expect(a.split('.')[3]).not.toBe(b.split('.')[3]);
  });

  it('refuses another record’s value, a changed byte and the wrong master key', () => {
    const sealed = sealText(OLD, TEXT, 'r:1');
    expect(() => openText(OLD, sealed, 'r:2')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[5] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[5] = body.toString('base64url');
    expect(() => openText(OLD, parts.join('.'), 'r:1')).toThrow();
    expect(() => openText(NEW_ONLY, sealed, 'r:1')).toThrow(/unknown master key/);
  });

  it('rotates by re-wrapping the data key only: the encrypted text stays byte for byte, the new key alone opens it', () => {
    const sealed = sealText(OLD, TEXT, 'r:1');
    expect(openText(NEW, sealed, 'r:1')).toBe(TEXT);
    const rewrapped = rewrapSealed(NEW, sealed, 'r:1');
    expect(sealedKeyId(rewrapped)).toBe(NEW.current.id);
    expect(rewrapped.split('.').slice(4)).toEqual(sealed.split('.').slice(4));
    expect(openText(NEW_ONLY, rewrapped, 'r:1')).toBe(TEXT);
    expect(() => openText(OLD, rewrapped, 'r:1')).toThrow();
    expect(rewrapSealed(NEW, rewrapped, 'r:1')).toBe(rewrapped);
  });
});
