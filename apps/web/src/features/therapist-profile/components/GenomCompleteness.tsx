import type { TGenomFilled } from '@therapy/contract';
import { genomNeedsUpdate, isFirstGenomData } from '@therapy/contract/rules';
import { useTranslation } from 'react-i18next';
import { percentFilled } from '../../../i18n/format.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Progress } from '../../../ui/Progress.tsx';
import styles from './TherapistProfile.module.css';

const GROUPS = ['about_clients', 'private_info'] as const;

/**
 * The saved genom's completeness: the 'first data' welcome when nothing is filled, else what 'needs update'
 * (spec §4), and a bar per group from its `[filled, total]` counter.
 */
export function GenomCompleteness({ filled }: { filled: TGenomFilled }) {
  const { t } = useTranslation();
  const left = GROUPS.filter((group) => filled[group][0] !== filled[group][1]).map((group) =>
    t('therapistProfile.genom.groupLeft', {
      group: t(`therapist.genomGroups.${group}`),
      filled: filled[group][0],
      total: filled[group][1],
    }),
  );
  return (
    <>
      {isFirstGenomData(filled) ? (
        <Alert tone="info" live={false}>
          <strong>{t('therapistProfile.genom.welcomeTitle')}</strong> {t('therapistProfile.genom.welcomeText')}
        </Alert>
      ) : genomNeedsUpdate(filled) ? (
        <Alert tone="warning" live={false}>
          {t('therapistProfile.genom.needsUpdate', { groups: left.join('; ') })}
        </Alert>
      ) : (
        <Alert tone="success" live={false}>
          {t('therapistProfile.genom.complete')}
        </Alert>
      )}
      <Card>
        <div className={styles.groups}>
          {GROUPS.map((group) => {
            const [groupFilled, total] = filled[group];
            const percent = percentFilled([groupFilled, total]);
            return (
              <Progress
                key={group}
                label={t(`therapist.genomGroups.${group}`)}
                value={percent}
                valueText={`${t('common.filledOf', { filled: groupFilled, total })} · ${t('common.percent', { value: percent })}`}
              />
            );
          })}
        </div>
      </Card>
    </>
  );
}
