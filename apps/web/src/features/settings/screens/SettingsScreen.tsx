import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/session.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EraseAccountCard } from '../components/EraseAccountCard.tsx';
import { PasswordCard } from '../components/PasswordCard.tsx';
import { SessionsCard } from '../components/SessionsCard.tsx';
import styles from '../components/Settings.module.css';

/**
 * `/lk/settings`, `/therapist/settings`, `/business/settings`: the account's sessions and password;
 * a client can also delete their account here (therapists and business accounts ask support).
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Page title={t('settings.title')}>
      <div className={styles.grid}>
        <SessionsCard />
        <PasswordCard />
        {user?.role === 'client' && <EraseAccountCard />}
      </div>
    </Page>
  );
}
