import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignupQuestions } from '../../../entities/questionnaire/api/get-signup-questions.ts';
import { useTherapyMethods } from '../../../entities/therapist/api/get-therapy-methods.ts';
import { useClientTimeZone } from '../../../lib/client-time-zone.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { SelectField } from '../../../ui/Field.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useSuggestions } from '../api/get-suggestions.ts';
import { useRunMatching } from '../api/run-matching.ts';
import styles from '../components/TherapistCard.module.css';
import { TherapistCard } from '../components/TherapistCard.tsx';

/** `/lk/therapists`: the therapists matching suggested from the questionnaire, best first. */
export function SuggestionsScreen() {
  const { t } = useTranslation();
  const timeZone = useClientTimeZone();
  const zoneLabel = useTimeZoneLabel();
  const suggestions = useSuggestions();
  const methods = useTherapyMethods();
  const [method, setMethod] = useState('');
  // Whether the client finished the questionnaire decides what an empty list says.
  const answers = useSignupQuestions();
  const matchAgain = useRunMatching();
  // The cards render in a render React may interrupt (a transition), not in the task that delivered the data.
  const data = useDeferredValue(suggestions.data);
  const list = data?.suggestions ?? [];
  const shown = method ? list.filter((s) => s.therapist.methods.some((m) => m.code === method)) : list;

  return (
    <Page
      title={t('matching.title')}
      lead={list.length > 0 ? t('matching.lead', { tz: zoneLabel(timeZone) }) : undefined}
    >
      {/* The method filter sits above the list: the list waits for the methods, so the filter never pushes it down. */}
      {(suggestions.isPending || methods.isPending || (suggestions.data !== undefined && data === undefined)) && (
        <LoadingState />
      )}
      {suggestions.isError && (
        <ErrorState message={errorMessageFrom(suggestions.error, t)} onRetry={() => void suggestions.refetch()} />
      )}
      {suggestions.isSuccess &&
        data !== undefined &&
        list.length === 0 &&
        !answers.data?.completed &&
        !answers.isPending && (
          <EmptyState
            title={t('matching.emptyTitle')}
            text={t('matching.emptyText')}
            action={<ButtonLink to="/lk/profile">{t('matching.toQuestionnaire')}</ButtonLink>}
          />
        )}
      {suggestions.isSuccess && data !== undefined && list.length === 0 && answers.data?.completed && (
        // The questionnaire is done: no one fits the answers now (or matching has not run since). Never ask for it again.
        <EmptyState
          title={t('matching.noMatchTitle')}
          text={t('matching.noMatchText')}
          action={
            <div className={styles.emptyActions}>
              {matchAgain.isError && <Alert tone="error">{errorMessageFrom(matchAgain.error, t)}</Alert>}
              <Button isLoading={matchAgain.isPending} onClick={() => matchAgain.mutate()}>
                {t('matching.matchAgain')}
              </Button>
              <ButtonLink to="/lk/profile" variant="secondary">
                {t('matching.changeAnswers')}
              </ButtonLink>
            </div>
          }
        />
      )}
      {list.length > 0 && !methods.isPending && (
        <>
          {methods.data && methods.data.length > 0 && (
            <div className={styles.filters}>
              <SelectField
                label={t('matching.methodFilter')}
                value={method}
                onChange={(event) => setMethod(event.target.value)}
                options={[
                  { value: '', label: t('matching.methodFilterAll') },
                  ...methods.data.map((m) => ({ value: m.code, label: m.label })),
                ]}
              />
            </div>
          )}
          {shown.length === 0 && (
            <EmptyState
              title={t('matching.methodFilterEmpty')}
              action={
                <Button variant="secondary" onClick={() => setMethod('')}>
                  {t('matching.methodFilterReset')}
                </Button>
              }
            />
          )}
          <div className={styles.grid}>
            {shown.map((suggestion) => (
              <TherapistCard
                key={suggestion.therapist.id}
                suggestion={suggestion}
                timeZone={timeZone}
                method={method || null}
              />
            ))}
          </div>
          <p>
            <ButtonLink to="/lk/profile" variant="secondary">
              {t('matching.changeAnswers')}
            </ButtonLink>
          </p>
        </>
      )}
    </Page>
  );
}
