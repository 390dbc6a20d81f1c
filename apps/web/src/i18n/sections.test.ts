import { describe, expect, it } from 'vitest';
import en from './en.json';
import enPublic from './en.json?public';
import enStaff from './en.json?staff';
import { createI18n, loadLanguage } from './index.ts';
import ru from './ru.json';
import ruPublic from './ru.json?public';
import ruStaff from './ru.json?staff';
import { STAFF_SECTIONS } from './sections.ts';

describe('translation sections', () => {
  it('cuts each file into the staff sections and all the others, losing nothing', () => {
    for (const [all, publicPart, staffPart] of [
      [ru, ruPublic, ruStaff],
      [en, enPublic, enStaff],
    ] as const) {
      expect(Object.keys(staffPart).sort()).toEqual([...STAFF_SECTIONS].sort());
      expect(Object.keys(publicPart)).not.toContain('therapistProfile');
      expect({ ...publicPart, ...staffPart }).toEqual(all);
    }
  });

  it('gives an app the staff texts once they are loaded', async () => {
    await loadLanguage('ru', { staff: true });
    expect(createI18n('ru').t('common.signOut')).toBe('Выйти');
    expect(createI18n('ru').exists('therapistProfile')).toBe(true);
    expect(createI18n('en').exists('therapistProfile')).toBe(true);
  });
});
