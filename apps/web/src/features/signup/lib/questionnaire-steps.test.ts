import { describe, expect, it } from 'vitest';
import { nextStep, previousStep, resumeStep, stepNumber } from './questionnaire-steps.ts';

describe('questionnaire steps', () => {
  it('resumes at the furthest saved step', () => {
    expect(resumeStep({ step: 'therapy_type' }, { step: 'preferences' })).toBe('preferences');
    expect(resumeStep({ step: 'topics' }, { step: 'profile' })).toBe('topics');
    expect(resumeStep({ step: 'profile' }, { step: 'done' })).toBe('done');
  });

  it('walks forwards and backwards', () => {
    expect(nextStep('profile')).toBe('therapy_type');
    expect(nextStep('preferences')).toBe('done');
    expect(previousStep('topics')).toBe('therapy_type');
    expect(previousStep('profile')).toBeNull();
    expect(stepNumber('preferences')).toBe(4);
  });
});
