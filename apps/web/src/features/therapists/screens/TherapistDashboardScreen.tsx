import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UpcomingSessions } from '../../../entities/therapist-session/components/UpcomingSessions.tsx';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { displayName, useCurrentUser } from '../../../lib/session.tsx';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useTherapistCurrent } from '../api/get-therapist-current.ts';
import { CuratorCard } from '../components/CuratorCard.tsx';
import { GenomCard } from '../components/GenomCard.tsx';
import { PracticeCard } from '../components/PracticeCard.tsx';
import styles from '../components/TherapistDashboard.module.css';
import { TherapistNotices } from '../components/TherapistNotices.tsx';

/** `/therapist`: the therapist's home, from `GET /api/v1/therapist/current`. Today's and the week's sessions lead to the call. */
export function TherapistDashboardScreen() {
  const { t } = useTranslation();
  const sessionUser = useCurrentUser();
  const therapist = useTherapistCurrent();
  const name = therapist.data?.first_name ?? sessionUser?.first_name ?? '';

  return (
    <Page title={t('therapist.greeting', { name })} documentTitle={t('nav.therapist.clients')}>
      {therapist.isPending && <LoadingState />}
      {therapist.isError && (
        <ErrorState message={errorMessageFrom(therapist.error, t)} onRetry={() => void therapist.refetch()} />
      )}
      {therapist.data && (
        <>
          <TherapistNotices therapist={therapist.data} />
          <div className={styles.person}>
            {therapist.data.avatar_thumb ? (
              <img className={styles.avatar} src={therapist.data.avatar_thumb} alt="" width={56} height={56} />
            ) : (
              <span className={styles.initials} aria-hidden="true">
                {therapist.data.first_name.charAt(0)}
                {therapist.data.last_name.charAt(0)}
              </span>
            )}
            <div>
              <p className={styles.total}>{displayName(therapist.data)}</p>
              <p className={styles.muted}>{therapist.data.email}</p>
            </div>
          </div>
          <div className={styles.grid}>
            <GenomCard filled={therapist.data.genom_filled} />
            <CuratorCard therapist={therapist.data} />
            <PracticeCard therapist={therapist.data} />
          </div>
          <UpcomingSessions />
          <p>
            <Link to="/therapist/clients">{t('therapist.allClients')}</Link>
          </p>
        </>
      )}
    </Page>
  );
}
