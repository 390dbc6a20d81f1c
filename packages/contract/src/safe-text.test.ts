import { describe, expect, it } from 'vitest';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from './safe-text.ts';

describe('findUnsafeText', () => {
  it('names each string with a NUL byte or a lone surrogate by its path, keys included', () => {
    expect(
      findUnsafeText({
        name: 'Ира',
        answers: [{ text: 'a\u0000' }, { text: 'ok' }],
        tags: ['\udc00'],
        data: { 'k\u0000': 1 },
      }),
    ).toEqual({
      'answers.0.text': UNSAFE_TEXT_MESSAGE,
      'tags.0': UNSAFE_TEXT_MESSAGE,
      data: UNSAFE_TEXT_MESSAGE,
    });
  });

  it('lets paired surrogates (emoji) and ordinary text through, and survives deep nesting', () => {
    expect(findUnsafeText({ text: 'привет 😀', n: 1, b: null })).toEqual({});
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.keys(findUnsafeText(deep))).toHaveLength(1);
  });
});
