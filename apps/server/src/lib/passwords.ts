import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum memory and time cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let common: Promise<Set<string>> | undefined;
/**
 * True for passwords found in the public lists of the most common ones. The lists (a large module) load on the first
 * sign-up or password change, not with the server.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  );
  return (await common).has(password.toLowerCase());
}
