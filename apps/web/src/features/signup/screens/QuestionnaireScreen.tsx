import type { TSignupProfile, TSignupQuestions, TTherapistTier } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessageFrom, formErrorFrom, NO_FORM_ERROR, type TFormError } from '../../../lib/form-errors.ts';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useRunTherapistAnalysis } from '../../matching/api/run-therapist-analysis.ts';
import { usePasses } from '../../passes/api/get-passes.ts';
import { useQuestions } from '../api/get-questions.ts';
import { useSignupProfile } from '../api/get-signup-profile.ts';
import { useSignupQuestions } from '../api/get-signup-questions.ts';
import { useUpdateSignupProfile } from '../api/update-signup-profile.ts';
import { useUpdateSignupQuestions } from '../api/update-signup-questions.ts';
import { PreferencesStep } from '../components/PreferencesStep.tsx';
import { ProfileStep } from '../components/ProfileStep.tsx';
import styles from '../components/Questionnaire.module.css';
import { QuestionnaireDone } from '../components/QuestionnaireDone.tsx';
import { TherapyTypeStep } from '../components/TherapyTypeStep.tsx';
import { TopicsStep } from '../components/TopicsStep.tsx';
import { previousStep, resumeStep, type TSignupStep } from '../lib/questionnaire-steps.ts';

/**
 * `/lk/profile`: the sign-up questionnaire, one step at a time. Each step is saved as the client goes, with the
 * step they move to, so a reload (or another device) resumes where they stopped. The last step finishes the
 * questionnaire, runs matching and opens the suggestions.
 */
export function QuestionnaireScreen() {
  const { t } = useTranslation();
  const profile = useSignupProfile();
  const answers = useSignupQuestions();

  return (
    <Page title={t('signup.title')} lead={t('signup.lead')}>
      {(profile.isPending || answers.isPending) && <LoadingState />}
      {(profile.isError || answers.isError) && (
        <ErrorState
          message={errorMessageFrom(profile.error ?? answers.error, t)}
          onRetry={() => {
            void profile.refetch();
            void answers.refetch();
          }}
        />
      )}
      {profile.data && answers.data && <Questionnaire profile={profile.data} answers={answers.data} />}
    </Page>
  );
}

function Questionnaire({ profile, answers }: { profile: TSignupProfile; answers: TSignupQuestions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<TSignupStep>(() => resumeStep(profile, answers));
  const [serverError, setServerError] = useState<TFormError>(NO_FORM_ERROR);
  const saveProfile = useUpdateSignupProfile();
  const saveAnswers = useUpdateSignupQuestions();
  const analysis = useRunTherapistAnalysis();
  const questions = useQuestions(answers.therapy_type);
  const passes = usePasses();
  const isSaving = saveProfile.isPending || saveAnswers.isPending || analysis.isPending;

  const go = (next: TSignupStep): void => {
    setServerError(NO_FORM_ERROR);
    setStep(next);
  };
  const fail = (error: unknown): void => setServerError(formErrorFrom(error, t));
  const back = (): void => {
    const previous = previousStep(step);
    if (previous) go(previous);
  };

  const match = (): void => {
    analysis.mutate(undefined, { onSuccess: () => navigate('/lk/therapists'), onError: fail });
  };

  const tierPrices: Partial<Record<TTherapistTier, { amount: number; currency: string }>> = {};
  for (const offer of passes.data?.passes ?? []) {
    if (offer.sessions_count === 1 && offer.therapy_type === (answers.therapy_type ?? 'single')) {
      tierPrices[offer.tier] = { amount: offer.price, currency: offer.currency };
    }
  }

  if (step === 'profile') {
    return (
      <div className={styles.wrap}>
        <ProfileStep
          profile={profile}
          serverError={serverError}
          isSaving={isSaving}
          onSave={(values) =>
            saveProfile.mutate(
              { ...values, step: 'therapy_type' },
              { onSuccess: () => go('therapy_type'), onError: fail },
            )
          }
        />
      </div>
    );
  }

  if (step === 'therapy_type') {
    return (
      <div className={styles.wrap}>
        <TherapyTypeStep
          therapyType={answers.therapy_type}
          serverError={serverError}
          isSaving={isSaving}
          onBack={back}
          onSave={(therapyType) =>
            saveAnswers.mutate(
              // Topics differ between single and couple therapy: a changed type starts them afresh.
              therapyType === answers.therapy_type
                ? { therapy_type: therapyType, step: 'topics' }
                : { therapy_type: therapyType, topic_codes: [], step: 'topics' },
              { onSuccess: () => go('topics'), onError: fail },
            )
          }
        />
      </div>
    );
  }

  if (step === 'topics' || step === 'preferences') {
    if (!answers.therapy_type) {
      return (
        <div className={styles.wrap}>
          <TherapyTypeStep
            therapyType={null}
            serverError={serverError}
            isSaving={isSaving}
            onBack={() => go('profile')}
            onSave={(therapyType) =>
              saveAnswers.mutate(
                { therapy_type: therapyType, step: 'topics' },
                { onSuccess: () => go('topics'), onError: fail },
              )
            }
          />
        </div>
      );
    }
    if (questions.isPending) return <LoadingState />;
    if (questions.isError) {
      return <ErrorState message={errorMessageFrom(questions.error, t)} onRetry={() => void questions.refetch()} />;
    }
    const topicQuestion = questions.data.questions.find((question) => question.code === 'topic_codes');
    if (step === 'topics' && topicQuestion) {
      return (
        <div className={styles.wrap}>
          <TopicsStep
            key={answers.therapy_type}
            question={topicQuestion}
            topicCodes={answers.topic_codes}
            serverError={serverError}
            isSaving={isSaving}
            onBack={back}
            onSave={(topicCodes) =>
              saveAnswers.mutate(
                { topic_codes: topicCodes, step: 'preferences' },
                { onSuccess: () => go('preferences'), onError: fail },
              )
            }
          />
        </div>
      );
    }
    return (
      <div className={styles.wrap}>
        <PreferencesStep
          questions={questions.data.questions}
          preferences={answers.preferences}
          tierPrices={tierPrices}
          serverError={serverError}
          isSaving={isSaving}
          onBack={back}
          onSave={(preferences) =>
            saveAnswers.mutate(
              { preferences, step: 'done', complete: true },
              { onSuccess: () => match(), onError: fail },
            )
          }
        />
      </div>
    );
  }

  return (
    <div className={styles.wrap}>
      <QuestionnaireDone
        profile={profile}
        answers={answers}
        error={serverError.message}
        isMatching={analysis.isPending}
        onEdit={() => go('profile')}
        onMatchAgain={match}
      />
    </div>
  );
}
