import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Envelope encryption of the therapists' notes (post-session forms, free-text notes): each record
 * gets a data key of its own (32 random bytes) that encrypts the text with AES-256-GCM; the data
 * key is stored wrapped (AES-256-GCM again) under the master key from the environment
 * (NOTES_MASTER_KEY). The record's identity is the additional data of both, so a sealed value
 * copied into another row does not open. Rotating the master key re-wraps the data keys only
 * (rewrapSealed); the texts are never decrypted for it.
 *
 * A sealed value is one line: `nk1.<master key id>.<wrap iv>.<wrapped key + tag>.<iv>.<text + tag>`,
 * base64url parts.
 */

const VERSION = 'nk1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type TMasterKey = { id: string; key: Buffer };
/** The key that seals new notes, and the ones that may still open older ones (the previous key during a rotation). */
export type TNotesKeyring = { current: TMasterKey; previous: TMasterKey[] };

/** The 32-byte AES key and a short public id of a master secret (HKDF-SHA256; the id says which key wrapped a note). */
export function masterKeyOf(secret: string): TMasterKey {
  const material = Buffer.from(hkdfSync('sha256', secret, 'therapy-notes', 'notes master key v1', 32 + 6));
  return { key: material.subarray(0, 32), id: material.subarray(32).toString('base64url') };
}

export function keyringOf(config: {
  NOTES_MASTER_KEY: string;
  NOTES_MASTER_KEY_PREVIOUS?: string | undefined;
}): TNotesKeyring {
  return {
    current: masterKeyOf(config.NOTES_MASTER_KEY),
    previous: config.NOTES_MASTER_KEY_PREVIOUS ? [masterKeyOf(config.NOTES_MASTER_KEY_PREVIOUS)] : [],
  };
}

function encrypt(key: Buffer, plain: Buffer, aad: string): { iv: Buffer; sealed: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, sealed: Buffer.concat([body, cipher.getAuthTag()]) };
}

function decrypt(key: Buffer, iv: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

export const isSealed = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.startsWith(`${VERSION}.`);

/** Seals one text of one record (`aad` names the record, e.g. `video_connection_reports:42`). */
export function sealText(keyring: TNotesKeyring, plain: string, aad: string): string {
  const dataKey = randomBytes(32);
  const text = encrypt(dataKey, Buffer.from(plain, 'utf8'), aad);
  const wrapped = encrypt(keyring.current.key, dataKey, `${aad}#key`);
  return [VERSION, keyring.current.id, b64(wrapped.iv), b64(wrapped.sealed), b64(text.iv), b64(text.sealed)].join('.');
}

type TParts = { keyId: string; wrapIv: Buffer; wrapped: Buffer; iv: Buffer; text: Buffer };

function partsOf(sealed: string): TParts {
  const [version, keyId, wrapIv, wrapped, iv, text] = sealed.split('.');
  if (version !== VERSION || !keyId || !wrapIv || !wrapped || !iv || !text) throw new Error('not a sealed note');
  const buf = (part: string) => Buffer.from(part, 'base64url');
  return { keyId, wrapIv: buf(wrapIv), wrapped: buf(wrapped), iv: buf(iv), text: buf(text) };
}

function masterFor(keyring: TNotesKeyring, keyId: string): TMasterKey {
  const master = [keyring.current, ...keyring.previous].find((key) => key.id === keyId);
  if (!master) throw new Error(`note sealed under an unknown master key ${keyId}`);
  return master;
}

/** Opens a sealed text of the record it was sealed for; a wrong key, record or a changed byte throws. */
export function openText(keyring: TNotesKeyring, sealed: string, aad: string): string {
  const parts = partsOf(sealed);
  const dataKey = decrypt(masterFor(keyring, parts.keyId).key, parts.wrapIv, parts.wrapped, `${aad}#key`);
  return decrypt(dataKey, parts.iv, parts.text, aad).toString('utf8');
}

/** The master key id a sealed value was wrapped with. */
export const sealedKeyId = (sealed: string): string => partsOf(sealed).keyId;

/** Re-wraps the data key under the current master key; the encrypted text itself is kept byte for byte. */
export function rewrapSealed(keyring: TNotesKeyring, sealed: string, aad: string): string {
  const parts = partsOf(sealed);
  if (parts.keyId === keyring.current.id) return sealed;
  const dataKey = decrypt(masterFor(keyring, parts.keyId).key, parts.wrapIv, parts.wrapped, `${aad}#key`);
  const wrapped = encrypt(keyring.current.key, dataKey, `${aad}#key`);
  return [VERSION, keyring.current.id, b64(wrapped.iv), b64(wrapped.sealed), b64(parts.iv), b64(parts.text)].join('.');
}

const keyrings = new WeakMap<object, TNotesKeyring>();

/** The keyring of a configuration, derived once per configuration object. */
export function notesKeyring(config: { NOTES_MASTER_KEY: string; NOTES_MASTER_KEY_PREVIOUS?: string | undefined }) {
  let keyring = keyrings.get(config);
  if (!keyring) {
    keyring = keyringOf(config);
    keyrings.set(config, keyring);
  }
  return keyring;
}
