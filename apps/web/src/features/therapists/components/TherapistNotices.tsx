import type { TTherapistCurrent } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';
import { ButtonLink } from '../../../ui/Button.tsx';
import { GenomAlertNotice } from './GenomAlertNotice.tsx';
import styles from './TherapistDashboard.module.css';

/**
 * What the therapist must do: sign the agreement or the contract when flagged (spec §6), a persistent notice
 * with a link to read and sign; and the genom alert. Nothing when there is nothing to do.
 */
export function TherapistNotices({ therapist }: { therapist: TTherapistCurrent }) {
  const { t } = useTranslation();
  const documents = [
    therapist.must_sign_agreement && { kind: 'agreement', text: t('therapist.mustSignAgreement') },
    therapist.must_sign_contract && { kind: 'contract', text: t('therapist.mustSignContract') },
  ].filter((notice): notice is { kind: string; text: string } => typeof notice === 'object' && notice !== null);
  return (
    <section aria-label={t('therapist.noticesTitle')}>
      <ul className={styles.notices}>
        {documents.map(({ kind, text }) => (
          <li key={kind}>
            <Alert tone="warning" live={false}>
              <p>{text}</p>
              <div className={styles.noticeActions}>
                <ButtonLink to={`/therapist/agreements/${kind}`} size="small">
                  {t('therapistProfile.agreement.read')}
                </ButtonLink>
              </div>
            </Alert>
          </li>
        ))}
        <li>
          <GenomAlertNotice filled={therapist.genom_filled} />
        </li>
      </ul>
    </section>
  );
}
