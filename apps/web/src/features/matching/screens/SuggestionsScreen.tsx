import { useTranslation } from 'react-i18next';
import { useSignupQuestions } from '../../../entities/questionnaire/api/get-signup-questions.ts';
import { useClientTimeZone } from '../../../lib/client-time-zone.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
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
  // Whether the client finished the questionnaire decides what an empty list says.
  const answers = useSignupQuestions();
  const matchAgain = useRunMatching();
  const list = suggestions.data?.suggestions ?? [];

  return (
    <Page
      title={t('matching.title')}
      lead={list.length > 0 ? t('matching.lead', { tz: zoneLabel(timeZone) }) : undefined}
    >
      {suggestions.isPending && <LoadingState />}
      {suggestions.isError && (
        <ErrorState message={errorMessageFrom(suggestions.error, t)} onRetry={() => void suggestions.refetch()} />
      )}
      {suggestions.isSuccess && list.length === 0 && !answers.data?.completed && !answers.isPending && (
        <EmptyState
          title={t('matching.emptyTitle')}
          text={t('matching.emptyText')}
          action={<ButtonLink to="/lk/profile">{t('matching.toQuestionnaire')}</ButtonLink>}
        />
      )}
      {suggestions.isSuccess && list.length === 0 && answers.data?.completed && (
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
      {list.length > 0 && (
        <>
          <div className={styles.grid}>
            {list.map((suggestion) => (
              <TherapistCard key={suggestion.therapist.id} suggestion={suggestion} timeZone={timeZone} />
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
