/**
 * Text every field of the API refuses: a NUL byte (PostgreSQL cannot store it in `text` or `jsonb`
 * and answers "invalid byte sequence") and a lone UTF-16 surrogate (no character at all: it
 * cannot be written as UTF-8 and would come back as U+FFFD). One rule for every string of every
 * request (body, query, path), keys of objects included; the server applies it to each request
 * before the route's own schema, so a new route or field is covered without naming it.
 */
export const UNSAFE_TEXT_MESSAGE = 'Текст содержит недопустимые символы';

export const isUnsafeText = (value: string): boolean => value.includes('\u0000') || !value.isWellFormed();

/**
 * The paths (`answers.2.text`, `id`) of the unsafe strings in a parsed request part, each with
 * the Russian message. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string };
    if (typeof item.value === 'string') {
      if (isUnsafeText(item.value)) found[item.path || '_'] = UNSAFE_TEXT_MESSAGE;
    } else if (item.value !== null && typeof item.value === 'object' && !ArrayBuffer.isView(item.value)) {
      for (const [key, child] of Object.entries(item.value)) {
        const path = item.path ? `${item.path}.${key}` : key;
        if (isUnsafeText(key)) found[item.path || '_'] = UNSAFE_TEXT_MESSAGE;
        else stack.push({ value: child, path });
      }
    }
  }
  return found;
}
