import type { TSignupProfile, TSignupQuestions } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import styles from './Questionnaire.module.css';

/** After the last step: what the client answered, a way to change it and the way to the suggestions. */
export function QuestionnaireDone({
  profile,
  answers,
  error,
  isMatching,
  onEdit,
  onMatchAgain,
}: {
  profile: TSignupProfile;
  answers: TSignupQuestions;
  error: string | null;
  isMatching: boolean;
  onEdit: () => void;
  onMatchAgain: () => void;
}) {
  const { t } = useTranslation();
  const zoneLabel = useTimeZoneLabel();
  return (
    <Card title={t('signup.done.title')}>
      <p>{t('signup.done.text')}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <dl className={styles.summary}>
        <div>
          <dt>{t('signup.profile.firstName')}</dt>
          <dd>{[profile.first_name, profile.last_name].filter(Boolean).join(' ')}</dd>
        </div>
        {answers.therapy_type && (
          <div>
            <dt>{t('signup.done.therapyType')}</dt>
            <dd>{t(`therapyType.${answers.therapy_type}`)}</dd>
          </div>
        )}
        <div>
          <dt>{t('signup.done.topics')}</dt>
          <dd>{t('signup.done.topicsCount', { count: answers.topic_codes.length })}</dd>
        </div>
        <div>
          <dt>{t('signup.profile.tz')}</dt>
          <dd>{zoneLabel(profile.tz)}</dd>
        </div>
      </dl>
      <div className={styles.doneActions}>
        <ButtonLink to="/lk/therapists">{t('signup.done.toSuggestions')}</ButtonLink>
        <Button variant="secondary" isLoading={isMatching} onClick={onMatchAgain}>
          {t('signup.done.matchAgain')}
        </Button>
        <Button variant="ghost" onClick={onEdit}>
          {t('signup.done.edit')}
        </Button>
      </div>
    </Card>
  );
}
