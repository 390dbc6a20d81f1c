import { describe, expect, it } from 'vitest';
import {
  experienceYears,
  scoreTherapist,
  type TMatchClient,
  type TMatchTherapist,
  yearsWord,
} from './score-therapist.ts';

const now = new Date('2026-11-22T12:00:00Z');
const therapist = (o: Partial<TMatchTherapist> = {}): TMatchTherapist => ({
  id: 1,
  female: true,
  single: true,
  couple: false,
  tier: 'standard',
  acceptingClients: true,
  practiceStart: '2016-09-01',
  topicCodes: ['anxiety', 'burnout'],
  methodCodes: ['cbt'],
  languageIds: ['ru'],
  ageGroups: ['25–34'],
  birthYear: 1985,
  genomCompleteness: 0.5,
  ...o,
});
const client = (o: Partial<TMatchClient> = {}): TMatchClient => ({
  therapyType: 'single',
  topicCodes: ['anxiety', 'burnout'],
  preferences: {},
  age: 30,
  ...o,
});

describe('scoreTherapist', () => {
  it('never suggests a male therapist who does not work with couples to a client asking for a woman for couples therapy', () => {
    const wanted = client({
      therapyType: 'couple',
      topicCodes: ['conflicts'],
      preferences: { therapist_sex: 'female' },
    });
    expect(scoreTherapist(wanted, therapist({ female: false, couple: false }), now)).toMatchObject({ eligible: false });
    expect(scoreTherapist(wanted, therapist({ female: false, couple: true }), now)).toEqual({
      eligible: false,
      excludedBy: 'sex',
    });
    expect(scoreTherapist(wanted, therapist({ female: true, couple: false }), now)).toEqual({
      eligible: false,
      excludedBy: 'therapy_type',
    });
    expect(scoreTherapist(wanted, therapist({ female: true, couple: true }), now)).toMatchObject({ eligible: true });
  });

  it.each([
    ['language', { language_ids: ['de'] }, {}],
    ['price', { price_tiers: ['expert' as const] }, {}],
    ['age', { therapist_age: { max: 35 } }, {}],
    ['age', { therapist_age: { min: 30 } }, { birthYear: null }],
    ['not_accepting', {}, { acceptingClients: false }],
  ])('filters out by %s', (excludedBy, preferences, therapistChange) => {
    expect(scoreTherapist(client({ preferences }), therapist(therapistChange), now)).toEqual({
      eligible: false,
      excludedBy,
    });
  });

  it('ranks more shared topics, requested methods and experience higher, with reasons in Russian', () => {
    const prefs = { method_codes: ['cbt'] };
    const strong = scoreTherapist(client({ preferences: prefs }), therapist(), now);
    const weak = scoreTherapist(
      client({ preferences: prefs }),
      therapist({ topicCodes: ['anxiety'], methodCodes: ['gestalt'], practiceStart: '2024-01-01' }),
      now,
    );
    if (!strong.eligible || !weak.eligible) throw new Error('both should be eligible');
    expect(strong.score).toBeGreaterThan(weak.score);
    expect(strong.reasons).toContain('Работает с темами: тревога, выгорание');
    expect(strong.reasons).toContain('Опыт работы 10 лет');
    expect(strong.reasons).toContain('Работает с клиентами вашего возраста (25–34)');
    expect(strong.reasons.some((r) => r.startsWith('Практикует: Когнитивно-поведенческая'))).toBe(true);
  });

  it('gives the same score for the same input', () => {
    expect(scoreTherapist(client(), therapist(), now)).toEqual(scoreTherapist(client(), therapist(), now));
  });
});

describe('experience', () => {
  it('counts whole years and says them with Russian plurals', () => {
    expect(experienceYears('2016-11-23', now)).toBe(9);
    expect(experienceYears('2016-11-22', now)).toBe(10);
    expect([1, 2, 5, 11, 21, 22, 25].map((n) => `${n} ${yearsWord(n)}`)).toEqual([
      '1 год',
      '2 года',
      '5 лет',
      '11 лет',
      '21 год',
      '22 года',
      '25 лет',
    ]);
  });
});
