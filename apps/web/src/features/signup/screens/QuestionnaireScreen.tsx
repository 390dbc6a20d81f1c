import type {
  TClientPreferences,
  TSignupProfile,
  TSignupQuestions,
  TSignupQuestionsUpdate,
  TTherapistTier,
} from '@therapy/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePasses } from '../../../entities/pass/api/get-passes.ts';
import { useSignupQuestions } from '../../../entities/questionnaire/api/get-signup-questions.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useQuestions } from '../api/get-questions.ts';
import { useSignupProfile } from '../api/get-signup-profile.ts';
import { useRunTherapistAnalysis } from '../api/run-therapist-analysis.ts';
import { useUpdateSignupProfile } from '../api/update-signup-profile.ts';
import { useUpdateSignupQuestions } from '../api/update-signup-questions.ts';
import { MatchCount } from '../components/MatchCount.tsx';
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
  const saveProfile = useUpdateSignupProfile();
  const saveAnswers = useUpdateSignupQuestions();
  // Drafts of the preferences, saved as the client answers (no step change): the match count follows them.
  const saveDraft = useUpdateSignupQuestions();
  const { mutate: draftPreferences } = saveDraft;
  const onDraft = useCallback(
    (preferences: TClientPreferences) => draftPreferences({ preferences }),
    [draftPreferences],
  );
  const analysis = useRunTherapistAnalysis();
  const questions = useQuestions(answers.therapy_type);
  const passes = usePasses();
  const isSaving = saveProfile.isPending || saveAnswers.isPending || analysis.isPending;

  const back = (): void => {
    const previous = previousStep(step);
    if (previous) setStep(previous);
  };

  /** Saves the client's answers with the step they move to, then shows that step; a failure stays on the form. */
  const saveAndGo = (update: Omit<TSignupQuestionsUpdate, 'step'>, next: TSignupStep) =>
    saveAnswers.mutateAsync({ ...update, step: next }).then(() => setStep(next));

  const match = (): Promise<unknown> => analysis.mutateAsync().then(() => navigate('/lk/therapists'));

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
          isSaving={isSaving}
          onSave={(values) =>
            saveProfile.mutateAsync({ ...values, step: 'therapy_type' }).then(() => setStep('therapy_type'))
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
          isSaving={isSaving}
          onBack={back}
          onSave={(therapyType) =>
            saveAndGo(
              // Topics differ between single and couple therapy: a changed type starts them afresh.
              therapyType === answers.therapy_type
                ? { therapy_type: therapyType }
                : { therapy_type: therapyType, topic_codes: [] },
              'topics',
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
            isSaving={isSaving}
            onBack={() => setStep('profile')}
            onSave={(therapyType) => saveAndGo({ therapy_type: therapyType }, 'topics')}
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
            isSaving={isSaving}
            onBack={back}
            onSave={(topicCodes) => saveAndGo({ topic_codes: topicCodes }, 'preferences')}
          />
          <MatchCount />
        </div>
      );
    }
    return (
      <div className={styles.wrap}>
        <PreferencesStep
          questions={questions.data.questions}
          preferences={answers.preferences}
          tierPrices={tierPrices}
          isSaving={isSaving}
          onBack={back}
          onSave={(preferences) => saveAnswers.mutateAsync({ preferences, step: 'done', complete: true }).then(match)}
          onDraft={onDraft}
        />
        <MatchCount />
      </div>
    );
  }

  return (
    <div className={styles.wrap}>
      <QuestionnaireDone
        profile={profile}
        answers={answers}
        error={analysis.isError ? errorMessageFrom(analysis.error, t) : null}
        isMatching={analysis.isPending}
        onEdit={() => setStep('profile')}
        onMatchAgain={() => void match().catch(() => undefined)}
      />
    </div>
  );
}
