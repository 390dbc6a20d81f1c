import type { TGenomFilled } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../ui/Card.tsx';
import { Progress } from '../../../ui/Progress.tsx';
import { groupCompleteness, totalCompleteness } from '../lib/genom-completeness.ts';
import styles from './TherapistDashboard.module.css';

/** Profile completeness from `genom_filled`: the total, then a bar per group. */
export function GenomCard({ filled }: { filled: TGenomFilled }) {
  const { t } = useTranslation();
  return (
    <Card title={t('therapist.genomTitle')}>
      <p className={styles.total}>{t('therapist.genomTotal', { value: totalCompleteness(filled) })}</p>
      <div className={styles.groups}>
        {groupCompleteness(filled).map(({ group, filled: groupFilled, total, percent }) => (
          <Progress
            key={group}
            label={t(`therapist.genomGroups.${group}`)}
            value={percent}
            valueText={`${t('common.filledOf', { filled: groupFilled, total })} · ${t('common.percent', { value: percent })}`}
          />
        ))}
      </div>
      <Link className={styles.link} to="/therapist/genom">
        {t('therapist.genomFill')}
      </Link>
    </Card>
  );
}
