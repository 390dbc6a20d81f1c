import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the characters that open tags, entities and attribute values', () => {
    expect(escapeHtml('<script>alert("x")</script>')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(escapeHtml("it's")).toBe('it&#39;s');
    expect(escapeHtml('Tom & Jerry')).toBe('Tom &amp; Jerry');
  });

  it('escapes an ampersand once, so escaped text shows as written', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves other text, Cyrillic and line breaks included, as it is', () => {
    expect(escapeHtml('Вы записаны на сессию 22.11.2026 в 14:30\nдо встречи')).toBe(
      'Вы записаны на сессию 22.11.2026 в 14:30\nдо встречи',
    );
    expect(escapeHtml('')).toBe('');
  });
});
