import { useTranslation } from 'react-i18next';
import { useSuggestionsCount } from '../api/get-suggestions-count.ts';
import styles from './Questionnaire.module.css';

/**
 * «Вашим ответам подходят 12 психологов»: the therapists matching the answers saved so far, told politely to
 * screen readers as it changes. Nothing while it loads or when it cannot be had: it is a hint, not a step.
 */
export function MatchCount() {
  const { t } = useTranslation();
  const count = useSuggestionsCount();
  // The live region is always there, so its first text is announced too; the badge only once there is one.
  return (
    <div className={styles.matchCountRegion} aria-live="polite">
      {count.data && (
        <p className={styles.matchCount}>
          {count.data.count > 0 ? t('signup.matchCount', { count: count.data.count }) : t('signup.matchCountNone')}
        </p>
      )}
    </div>
  );
}
