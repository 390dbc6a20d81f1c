import type { TSuggestion } from '@therapy/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MethodTags, TherapistFacts } from '../../../entities/therapist/components/TherapistFacts.tsx';
import { formatDateTime } from '../../../i18n/format.ts';
import { displayName } from '../../../lib/session.tsx';
import { Avatar } from '../../../ui/Avatar.tsx';
import { ButtonLink } from '../../../ui/Button.tsx';
import styles from './TherapistCard.module.css';

const NEAREST_SHOWN = 3;

/** A suggested therapist: photo or initials, experience, methods, price, nearest free times and why we suggest them. */
export function TherapistCard({
  suggestion,
  timeZone,
  method = null,
}: {
  suggestion: TSuggestion;
  timeZone: string;
  /** The method the client filters by: shown first among the tags. */
  method?: string | null;
}) {
  const { t } = useTranslation();
  const { therapist, reasons } = suggestion;
  const titleId = useId();
  const page = `/lk/therapists/${encodeURIComponent(therapist.id)}`;
  const nearest = therapist.nearest_slots.slice(0, NEAREST_SHOWN);

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <Avatar person={therapist} photoUrl={therapist.userpic_url} />
        <div className={styles.who}>
          <h2 id={titleId} className={styles.name}>
            <Link to={page}>{displayName(therapist)}</Link>
          </h2>
          <TherapistFacts therapist={therapist} />
        </div>
      </div>
      <MethodTags methods={therapist.methods} limit={3} highlight={method} />
      {reasons.length > 0 && (
        <div className={styles.reasons}>
          <h3 className={styles.subTitle}>{t('matching.whyTitle')}</h3>
          <ul>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.nearest}>
        <h3 className={styles.subTitle}>{t('matching.nearestTitle')}</h3>
        {nearest.length > 0 ? (
          <ul className={styles.times}>
            {nearest.map((startsAt) => (
              <li key={startsAt}>{formatDateTime(startsAt, timeZone)}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('matching.nearestNone')}</p>
        )}
      </div>
      <ButtonLink
        to={page}
        className={styles.action}
        aria-label={t('matching.chooseTimeWith', { name: displayName(therapist) })}
      >
        {t('matching.chooseTime')}
      </ButtonLink>
    </article>
  );
}
