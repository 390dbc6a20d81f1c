import { describe, expect, it } from 'vitest';
import en from './en.json';
import enAccount from './en.json?account';
import enPublic from './en.json?public';
import enStaff from './en.json?staff';
import { createI18n, loadLanguage } from './index.ts';
import ru from './ru.json';
import ruAccount from './ru.json?account';
import ruPublic from './ru.json?public';
import ruStaff from './ru.json?staff';
import { ACCOUNT_SECTIONS, STAFF_SECTIONS } from './sections.ts';

describe('translation sections', () => {
  it('cuts each file into the public, account and staff sections, losing nothing', () => {
    for (const [all, publicPart, accountPart, staffPart] of [
      [ru, ruPublic, ruAccount, ruStaff],
      [en, enPublic, enAccount, enStaff],
    ] as const) {
      expect(Object.keys(staffPart).sort()).toEqual([...STAFF_SECTIONS].sort());
      expect(Object.keys(accountPart).sort()).toEqual([...ACCOUNT_SECTIONS].sort());
      expect(Object.keys(publicPart)).not.toContain('therapistProfile');
      expect(Object.keys(publicPart)).not.toContain('dashboard');
      expect(Object.keys(publicPart)).toEqual(expect.arrayContaining(['common', 'auth', 'landing', 'errors']));
      expect({ ...publicPart, ...accountPart, ...staffPart }).toEqual(all);
    }
  });

  it('gives an app the account and staff texts once they are loaded', async () => {
    await loadLanguage('ru', { staff: true });
    expect(createI18n('ru').t('common.signOut')).toBe('Выйти');
    expect(createI18n('ru').exists('therapistProfile')).toBe(true);
    expect(createI18n('ru').exists('dashboard')).toBe(true);
    expect(createI18n('en').exists('therapistProfile')).toBe(true);
    expect(createI18n('en').exists('dashboard')).toBe(true);
  });
});
