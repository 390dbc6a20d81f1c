import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useUserMe } from '../api/get-user-me.ts';
import styles from './ClientDashboardScreen.module.css';

const SECTIONS = [
  { key: 'passes', to: '/lk/passes' },
  { key: 'payment', to: '/lk/payment' },
  { key: 'profile', to: '/lk/profile' },
  { key: 'promocode', to: '/lk/promocode' },
] as const;

/** `/lk`: the client's dashboard: a greeting and the real number of completed sessions. */
export function ClientDashboardScreen() {
  const { t } = useTranslation();
  const sessionUser = useCurrentUser();
  const me = useUserMe();
  const name = me.data?.first_name ?? sessionUser?.first_name ?? '';

  return (
    <Page title={t('client.greeting', { name })} documentTitle={t('nav.client.dashboard')}>
      {me.isPending && <LoadingState />}
      {me.isError && <ErrorState message={errorMessageFrom(me.error, t)} onRetry={() => void me.refetch()} />}
      {me.data && (
        <div className={styles.grid}>
          <Card title={t('client.sessionsTitle')}>
            <p className={styles.count}>{t('client.completedSessions', { count: me.data.completed_sessions_count })}</p>
            <p className={styles.muted}>
              {t('client.paymentCurrency', { currency: t(`client.currency.${me.data.currency}`) })}
            </p>
          </Card>
          <Card title={t('client.sectionsTitle')}>
            <ul className={styles.links}>
              {SECTIONS.map((section) => (
                <li key={section.key}>
                  <Link to={section.to} className={styles.link}>
                    <strong>{t(`nav.client.${section.key}`)}</strong>
                    <span>{t(`client.sections.${section.key}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      )}
    </Page>
  );
}
