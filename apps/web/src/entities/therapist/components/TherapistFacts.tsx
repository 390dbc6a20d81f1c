import type { TTherapistCard } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../i18n/format.ts';
import { useTherapyMethods } from '../api/get-therapy-methods.ts';
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

/**
 * The methods as small tags, named from the therapy methods list (`GET /api/v1/user/therapy_methods`, in the
 * interface's language) and by the card's own label until it has loaded. A `highlight`ed method comes first.
 */
export function MethodTags({
  methods,
  limit,
  highlight,
}: {
  methods: TTherapistCard['methods'];
  limit?: number;
  highlight?: string | null;
}) {
  const { t } = useTranslation();
  const catalogue = useTherapyMethods();
  const names = new Map((catalogue.data ?? []).map((method) => [method.code, method.label]));
  const ordered = highlight
    ? [...methods.filter((m) => m.code === highlight), ...methods.filter((m) => m.code !== highlight)]
    : methods;
  const shown = (limit === undefined ? ordered : ordered.slice(0, limit)).map((method) => ({
    code: method.code,
    label: names.get(method.code) ?? method.label,
  }));
  const more = methods.length - shown.length;
  if (methods.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={t('matching.methods')}>
      {shown.map((method) => (
        <li key={method.code} className={method.code === highlight ? styles.highlight : undefined}>
          {method.label}
        </li>
      ))}
      {more > 0 && <li className={styles.more}>{t('matching.moreMethods', { count: more })}</li>}
    </ul>
  );
}
