import type { TTherapistCard } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../i18n/format.ts';
import styles from './TherapistFacts.module.css';

/** «Опыт 12 лет · 3 500 ₽ за сессию»: the experience and the price of one session in the client's currency. */
export function TherapistFacts({ therapist }: { therapist: TTherapistCard }) {
  const { t } = useTranslation();
  return (
    <p className={styles.facts}>
      {therapist.experience_years !== null && (
        <span>{t('matching.experience', { count: therapist.experience_years })}</span>
      )}
      {therapist.price && (
        <span className={styles.price}>
          {t('matching.pricePerSession', { price: formatMoney(therapist.price.amount, therapist.price.currency) })}
        </span>
      )}
    </p>
  );
}

/** The methods as small tags. */
export function MethodTags({ methods, limit }: { methods: TTherapistCard['methods']; limit?: number }) {
  const { t } = useTranslation();
  const shown = limit === undefined ? methods : methods.slice(0, limit);
  const more = methods.length - shown.length;
  if (methods.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={t('matching.methods')}>
      {shown.map((method) => (
        <li key={method.code}>{method.label}</li>
      ))}
      {more > 0 && <li className={styles.more}>{t('matching.moreMethods', { count: more })}</li>}
    </ul>
  );
}
