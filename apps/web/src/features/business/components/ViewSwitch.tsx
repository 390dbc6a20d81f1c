import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import styles from './BusinessTables.module.css';
import type { TStatsView } from './StatsTable.tsx';

/** By months / by quarters. */
export function ViewSwitch({ view, onChange }: { view: TStatsView; onChange: (view: TStatsView) => void }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form field set.
    <div className={styles.actions} role="group" aria-label={t('business.viewLabel')}>
      {(['months', 'quarters'] as const).map((option) => (
        <Button
          key={option}
          size="small"
          variant={view === option ? 'primary' : 'secondary'}
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          {t(option === 'months' ? 'business.byMonths' : 'business.byQuarters')}
        </Button>
      ))}
    </div>
  );
}
