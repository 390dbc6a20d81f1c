import type { TCurrentUser } from '@therapy/contract';
import { describe, expect, it } from 'vitest';
import { languageToAdopt } from './set-language.ts';

const therapist: TCurrentUser = {
  hashid: 'u1',
  role: 'therapist',
  email: 'vera@example.com',
  first_name: 'Вера',
  last_name: 'Лебедева',
  tz: 'Europe/Moscow',
  signed_up: true,
  language: null,
};

describe('the language a signed-in user chose before signing in', () => {
  it('is saved when the account has none, so that mails, the .ics feed and reports follow the interface', () => {
    expect(languageToAdopt(therapist, 'en')).toBe('en');
    expect(languageToAdopt({ ...therapist, language: undefined }, 'en')).toBe('en');
  });

  it('is left alone when the account has one saved, nothing was chosen, or nobody is signed in', () => {
    expect(languageToAdopt({ ...therapist, language: 'ru' }, 'en')).toBeNull();
    expect(languageToAdopt(therapist, null)).toBeNull();
    expect(languageToAdopt(null, 'en')).toBeNull();
  });
});
