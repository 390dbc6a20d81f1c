import { SIGNUP_STEPS, type TSignupProfile, type TSignupQuestions } from '@therapy/contract';

export type TSignupStep = (typeof SIGNUP_STEPS)[number];
/** The steps a client fills in; 'done' is the summary after them. */
export const QUESTIONNAIRE_STEPS = ['profile', 'therapy_type', 'topics', 'preferences'] as const;
export type TQuestionnaireStep = (typeof QUESTIONNAIRE_STEPS)[number];

const order = (step: TSignupStep): number => SIGNUP_STEPS.indexOf(step);

/**
 * Where a returning client resumes: the furthest step either saved record remembers (the profile and the
 * answers are saved separately, each with the step it moved the client to).
 */
export function resumeStep(
  profile: Pick<TSignupProfile, 'step'>,
  answers: Pick<TSignupQuestions, 'step'>,
): TSignupStep {
  return order(answers.step) > order(profile.step) ? answers.step : profile.step;
}

/** The step after this one ('done' after the last). */
export function nextStep(step: TQuestionnaireStep): TSignupStep {
  return SIGNUP_STEPS[order(step) + 1] ?? 'done';
}

export function previousStep(step: TSignupStep): TQuestionnaireStep | null {
  const index = order(step) - 1;
  return index >= 0 ? (QUESTIONNAIRE_STEPS[index] ?? null) : null;
}

/** 1-based number of a step for «Шаг 2 из 4». */
export function stepNumber(step: TQuestionnaireStep): number {
  return QUESTIONNAIRE_STEPS.indexOf(step) + 1;
}
