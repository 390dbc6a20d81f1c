import { describe, expect, it } from 'vitest';
import { genomNeedsUpdate, isFirstGenomData, isGenomChanged } from './genom.ts';

describe('genom rules (spec §4)', () => {
  it("'changed' compares every field, arrays by content", () => {
    const base = { professions: ['Педагоги', 'Студенты'], address: 'Казань', audio_consultation: true };
    expect(isGenomChanged({ ...base, professions: ['Студенты', 'Педагоги'] }, base)).toBe(false);
    expect(isGenomChanged({ ...base, professions: ['Студенты'] }, base)).toBe(true);
    expect(isGenomChanged({ ...base, address: 'Москва' }, base)).toBe(true);
    expect(isGenomChanged({ ...base, audio_consultation: false }, base)).toBe(true);
    // An emptied text field is the same as no answer.
    expect(isGenomChanged({ desc: '' }, { desc: null })).toBe(false);
  });

  it("'needs update' when filled and total differ in a group; 'first data' when both groups are empty", () => {
    expect(genomNeedsUpdate({ about_clients: [5, 5], private_info: [9, 9] })).toBe(false);
    expect(genomNeedsUpdate({ about_clients: [5, 5], private_info: [8, 9] })).toBe(true);
    expect(isFirstGenomData({ about_clients: [0, 5], private_info: [0, 9] })).toBe(true);
    expect(isFirstGenomData({ about_clients: [0, 5], private_info: [1, 9] })).toBe(false);
  });
});
