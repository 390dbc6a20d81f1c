import type { TGenomFilled } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { useDismissGenomAlert, useGenomAlert } from '../api/genom-alert.ts';
import { GENOM_GROUPS, genomNeedsUpdate } from '../lib/genom-completeness.ts';
import styles from './TherapistDashboard.module.css';

/**
 * The genom-alert notice: shown while the server's flag is set and the genom still needs an update; it names
 * the groups left with how many fields each. Goes when dismissed or when the genom is complete.
 */
export function GenomAlertNotice({ filled }: { filled: TGenomFilled }) {
  const { t } = useTranslation();
  const alert = useGenomAlert();
  const dismiss = useDismissGenomAlert();
  if (!alert.data?.success || !genomNeedsUpdate(filled)) return null;
  const groups = GENOM_GROUPS.filter((group) => filled[group][0] !== filled[group][1])
    .map((group) =>
      t('therapistProfile.genom.groupLeft', {
        group: t(`therapist.genomGroups.${group}`),
        filled: filled[group][0],
        total: filled[group][1],
      }),
    )
    .join('; ');
  return (
    <Alert tone="warning" live={false}>
      <p>
        <strong>{t('therapistProfile.alert.title')}.</strong> {t('therapistProfile.alert.text', { groups })}
      </p>
      <div className={styles.noticeActions}>
        <ButtonLink to="/therapist/genom" size="small">
          {t('therapistProfile.alert.fill')}
        </ButtonLink>
        <Button variant="ghost" size="small" onClick={() => dismiss.mutate()} isLoading={dismiss.isPending}>
          {t('therapistProfile.alert.dismiss')}
        </Button>
      </div>
    </Alert>
  );
}
