import type { TBusiness } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { YEAR_LABEL_KEY } from '../../../config/constants.ts';
import { SelectField } from '../../../ui/Field.tsx';
import type { TBusinessChoice } from '../hooks/use-business-choice.ts';
import styles from './BusinessFilters.module.css';

/** The business selector and the year selector (years labelled '2026 год'). */
export function BusinessFilters({ businesses, choice }: { businesses: readonly TBusiness[]; choice: TBusinessChoice }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.filters}>
      <legend className="visually-hidden">{t('business.filtersLabel')}</legend>
      <SelectField
        label={t('business.businessSelect')}
        value={choice.business.id}
        onChange={(event) => choice.setBusiness(event.target.value)}
        options={businesses.map((business) => ({ value: business.id, label: business.name }))}
      />
      <SelectField
        label={t('business.yearSelect')}
        value={String(choice.year)}
        onChange={(event) => choice.setYear(Number(event.target.value))}
        options={choice.years.map((year) => ({ value: String(year), label: t(YEAR_LABEL_KEY, { year }) }))}
      />
    </fieldset>
  );
}
