import { useTranslation } from 'react-i18next';
import { useClientTimeZone } from '../../../lib/client-time-zone.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useSuggestions } from '../api/get-suggestions.ts';
import styles from '../components/TherapistCard.module.css';
import { TherapistCard } from '../components/TherapistCard.tsx';

/** `/lk/therapists`: the therapists matching suggested from the questionnaire, best first. */
export function SuggestionsScreen() {
  const { t } = useTranslation();
  const timeZone = useClientTimeZone();
  const zoneLabel = useTimeZoneLabel();
  const suggestions = useSuggestions();
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
      {suggestions.isSuccess && list.length === 0 && (
        <EmptyState
          title={t('matching.emptyTitle')}
          text={t('matching.emptyText')}
          action={<ButtonLink to="/lk/profile">{t('matching.toQuestionnaire')}</ButtonLink>}
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
