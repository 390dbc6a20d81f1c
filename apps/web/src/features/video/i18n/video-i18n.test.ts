import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import en from './en.json';
import ru from './ru.json';
import { videoTOf } from './use-video-t.ts';

type TTree = { [key: string]: string | TTree };
const PLURAL = /_(zero|one|two|few|many|other)$/;
const keysOf = (tree: TTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

describe('video texts', () => {
  it('has the same keys in English and Russian', () => {
    const base = (keys: string[]) => new Set(keys.map((key) => key.replace(PLURAL, '')));
    expect(base(keysOf(en))).toEqual(base(keysOf(ru)));
  });

  it('gives every Russian plural all four forms', () => {
    const keys = new Set(keysOf(ru));
    for (const key of keys) {
      if (!PLURAL.test(key)) continue;
      const stem = key.replace(PLURAL, '');
      for (const form of ['one', 'few', 'many', 'other']) expect(keys).toContain(`${stem}_${form}`);
    }
  });

  it('counts minutes and stars in Russian', () => {
    const t = videoTOf(createI18n('ru'));
    expect([1, 2, 5, 21, 42].map((count) => t('call.timeLeft', { count }))).toEqual([
      'Осталась 1 минута',
      'Осталось 2 минуты',
      'Осталось 5 минут',
      'Осталась 21 минута',
      'Осталось 42 минуты',
    ]);
    expect(t('rating.star', { count: 5 })).toBe('5 звёзд из 5');
  });
});
