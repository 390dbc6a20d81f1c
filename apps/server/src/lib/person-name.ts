/** What the therapist reads in place of a client who deleted their account (issue 14: erasure). */
export const ERASED_CLIENT_NAME = 'Клиент удалил аккаунт';

type TPerson = { firstName: string; lastName: string; email: string; erasedAt: Date | null };

/**
 * A person's name as others read it: first and last name, or the e-mail when they gave none. An
 * erased account has neither (its e-mail is an unusable pseudonym), so it reads «Клиент удалил аккаунт».
 */
export function personName(person: TPerson): string {
  if (person.erasedAt) return ERASED_CLIENT_NAME;
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
