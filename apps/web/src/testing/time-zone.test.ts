import { expect, it } from 'vitest';

// The zone each web project pins (apps/web/vitest.config.ts): never the machine's.
it('runs in the time zone its project pins', () => {
  const expected = process.env.TZ;
  expect(['UTC', 'America/New_York']).toContain(expected);
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(expected === 'UTC' ? 'UTC' : expected);
  // New York moves its clocks: the offset differs between January and July.
  const january = new Date('2026-01-15T12:00:00Z').getTimezoneOffset();
  const july = new Date('2026-07-15T12:00:00Z').getTimezoneOffset();
  expect(january === july).toBe(expected === 'UTC');
});
