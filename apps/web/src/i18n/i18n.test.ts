import { describe, expect, it } from 'vitest';
import { EMPLOYEE_PROMOCODE_TOOLTIP_KEY, SEX_LABEL_KEYS, YEAR_LABEL_KEY } from '../config/constants.ts';
import en from './en.json';
import { createI18n } from './index.ts';
import ru from './ru.json';

type TTree = { [key: string]: string | TTree };

function keysOf(tree: TTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

describe('i18n', () => {
  const i18n = createI18n('ru');

  it('speaks Russian by default', () => {
    expect(i18n.language).toBe('ru');
    expect(i18n.t('common.signOut')).toBe('Выйти');
  });

  it('uses the Russian plural forms', () => {
    const sessions = [1, 2, 5, 11, 21, 22].map((count) => i18n.t('common.sessions', { count }));
    expect(sessions).toEqual(['1 сессия', '2 сессии', '5 сессий', '11 сессий', '21 сессия', '22 сессии']);
    expect(i18n.t('client.completedSessions', { count: 3 })).toBe('Проведено 3 сессии');
    expect(i18n.t('client.completedSessions', { count: 21 })).toBe('Проведена 21 сессия');
    expect(i18n.t('client.completedSessions', { count: 0 })).toBe('Пока не проведено ни одной сессии');
    expect(i18n.t('common.years', { count: 11 })).toBe('11 лет');
  });

  it('has the fixed texts of spec §9', () => {
    expect(i18n.t(YEAR_LABEL_KEY, { year: 2026 })).toBe('2026 год');
    expect(i18n.t(SEX_LABEL_KEYS.female)).toBe('Женский');
    expect(i18n.t(SEX_LABEL_KEYS.male)).toBe('Мужской');
    expect(i18n.t(EMPLOYEE_PROMOCODE_TOOLTIP_KEY)).toBe('Сотруднику запрещено использовать любой промокод');
  });

  it('gives every Russian plural all four forms', () => {
    const plurals = new Set(
      keysOf(ru)
        .filter((key) => PLURAL_SUFFIX.test(key))
        .map((key) => key.replace(PLURAL_SUFFIX, '')),
    );
    const keys = new Set(keysOf(ru));
    for (const base of plurals) {
      for (const form of ['one', 'few', 'many', 'other']) expect(keys, `${base}_${form}`).toContain(`${base}_${form}`);
    }
  });

  it('has the same keys in English', () => {
    const base = (keys: string[]) => new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')));
    expect(base(keysOf(en))).toEqual(base(keysOf(ru)));
  });

  it('switches to English', () => {
    const english = createI18n('en');
    expect(english.t('common.sessions', { count: 2 })).toBe('2 sessions');
  });
});
