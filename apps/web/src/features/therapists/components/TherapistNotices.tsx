import type { TTherapistCurrent } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';
import styles from './TherapistDashboard.module.css';

/** Documents the therapist must sign, when flagged (spec §6). Nothing when there are none. */
export function TherapistNotices({ therapist }: { therapist: TTherapistCurrent }) {
  const { t } = useTranslation();
  const notices = [
    therapist.must_sign_agreement && t('therapist.mustSignAgreement'),
    therapist.must_sign_contract && t('therapist.mustSignContract'),
  ].filter((notice): notice is string => typeof notice === 'string');
  if (notices.length === 0) return null;
  return (
    <section aria-label={t('therapist.noticesTitle')}>
      <ul className={styles.notices}>
        {notices.map((notice) => (
          <li key={notice}>
            <Alert tone="warning" live={false}>
              {notice}
            </Alert>
          </li>
        ))}
      </ul>
    </section>
  );
}
