import type { TTherapistCurrent } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { yearOf, yearsSince } from '../../../i18n/format-zoned.ts';
import { Card } from '../../../ui/Card.tsx';
import styles from './TherapistDashboard.module.css';

/** Practice types (individual / couple therapy) and experience counted from `practice_start`. */
export function PracticeCard({ therapist, now }: { therapist: TTherapistCurrent; now?: Date }) {
  const { t } = useTranslation();
  const types = [therapist.single && 'single', therapist.couple && 'couple'].filter(
    (type): type is 'single' | 'couple' => typeof type === 'string',
  );
  const years = yearsSince(therapist.practice_start, now);
  const startYear = yearOf(therapist.practice_start);
  return (
    <Card title={t('therapist.practiceTitle')}>
      {types.length > 0 ? (
        <ul className={styles.badges}>
          {types.map((type) => (
            <li key={type} className={styles.badge}>
              {t(`therapist.practiceTypes.${type}`)}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('therapist.practiceTypesNone')}</p>
      )}
      {years !== null && startYear !== null ? (
        <p>
          {t('therapist.experience', { years: t('common.years', { count: years }) })}
          <span className={styles.muted}>, {t('therapist.practiceSince', { year: startYear })}</span>
        </p>
      ) : (
        <p className={styles.muted}>{t('therapist.experienceUnknown')}</p>
      )}
    </Card>
  );
}
