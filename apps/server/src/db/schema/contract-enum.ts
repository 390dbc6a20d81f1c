import { pgEnum } from 'drizzle-orm/pg-core';

/**
 * A PostgreSQL enum holding exactly the values of a contract enum, so the database and the API
 * cannot drift apart: a value added to the contract becomes a migration (`npm run db:generate`).
 */
export function pgEnumOf<const T extends string>(name: string, values: { readonly options: readonly T[] }) {
  return pgEnum(name, values.options as unknown as [T, ...T[]]);
}
