import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useGenom } from '../api/get-genom.ts';
import { useTherapist } from '../api/get-therapist.ts';
import { GenomCompleteness } from '../components/GenomCompleteness.tsx';
import { GenomForm } from '../components/GenomForm.tsx';
import { ProfileCard } from '../components/ProfileCard.tsx';
import styles from '../components/TherapistProfile.module.css';

/** `/therapist/genom`: completeness, the photo and links, and the genom form, with the spec's loaded and error states. */
export function GenomScreen() {
  const { t } = useTranslation();
  const genom = useGenom();
  const therapist = useTherapist();
  return (
    <Page title={t('therapistProfile.genom.title')} lead={t('therapistProfile.genom.lead')}>
      {genom.isPending && <LoadingState />}
      {genom.isError && <ErrorState message={errorMessageFrom(genom.error, t)} onRetry={() => void genom.refetch()} />}
      {genom.data && (
        <div className={styles.form}>
          <GenomCompleteness filled={genom.data.genom_filled} />
          {therapist.data && <ProfileCard therapist={therapist.data} />}
          <GenomForm base={genom.data.genom} />
        </div>
      )}
    </Page>
  );
}
