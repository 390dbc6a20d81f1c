import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/Page.tsx';
import { PasswordCard } from '../components/PasswordCard.tsx';
import { SessionsCard } from '../components/SessionsCard.tsx';
import styles from '../components/Settings.module.css';

/** `/lk/settings`, `/therapist/settings`, `/business/settings`: the account's sessions and password. */
export function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('settings.title')}>
      <div className={styles.grid}>
        <SessionsCard />
        <PasswordCard />
      </div>
    </Page>
  );
}
