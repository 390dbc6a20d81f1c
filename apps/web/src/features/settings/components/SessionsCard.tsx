import type { TActiveSession } from '@therapy/contract';
import { DEFAULT_TIME_ZONE } from '@therapy/contract/rules';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useActiveSessions, useEndActiveSession, useEndOtherSessions } from '../api/active-sessions.ts';
import styles from './Settings.module.css';

/** «Активные сеансы»: every browser signed in to the account; end one or all but this one. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useActiveSessions();
  const endOne = useEndActiveSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  return (
    <Card title={t('settings.sessionsTitle')}>
      {sessions.isPending && <LoadingState />}
      {sessions.isError && (
        <ErrorState message={errorMessageFrom(sessions.error, t)} onRetry={() => void sessions.refetch()} />
      )}
      {sessions.data && (
        <>
          <ul className={styles.list} aria-label={t('settings.sessionsTitle')}>
            {sessions.data.sessions.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables === session.id}
                onEnd={() => endOne.mutate(session.id)}
              />
            ))}
          </ul>
          {others === 0 ? (
            <p className={styles.note}>{t('settings.noOtherSessions')}</p>
          ) : (
            <div className={styles.actions}>
              <Button variant="secondary" isLoading={endOthers.isPending} onClick={() => endOthers.mutate()}>
                {t('settings.endOthers')}
              </Button>
            </div>
          )}
          {endOthers.isSuccess && <Alert tone="success">{t('settings.othersEnded')}</Alert>}
          {(endOne.isError || endOthers.isError) && (
            <Alert tone="error">{errorMessageFrom(endOne.error ?? endOthers.error, t)}</Alert>
          )}
        </>
      )}
    </Card>
  );
}

function SessionItem({ session, ending, onEnd }: { session: TActiveSession; ending: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation();
  const tz = useCurrentUser()?.tz ?? DEFAULT_TIME_ZONE;
  const device = session.device
    ? [session.device.browser, session.device.os].filter(Boolean).join(' · ')
    : t('settings.unknownDevice');
  const place =
    session.place?.kind === 'local'
      ? t('settings.placeLocal')
      : session.place?.kind === 'country'
        ? (new Intl.DisplayNames([i18n.language], { type: 'region' }).of(session.place.country_code) ??
          session.place.country_code)
        : t('settings.placeUnknown');
  const kind =
    session.device && session.device.type !== 'other' ? t(`settings.deviceType.${session.device.type}`) : null;
  return (
    <li className={styles.session}>
      <div className={styles.about}>
        <span className={styles.device}>
          {device}
          {kind && ` (${kind})`}
        </span>
        <span className={styles.meta}>
          {place}
          {session.ip && `, ${session.ip}`}
        </span>
        <span className={styles.meta}>
          {session.current ? (
            <span className={styles.current}>{t('settings.thisDevice')}</span>
          ) : (
            t('settings.lastUsed', { when: formatDateTime(session.last_used_at, tz) })
          )}
        </span>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="small"
          isLoading={ending}
          onClick={onEnd}
          aria-label={t('settings.endOneLabel', { device })}
        >
          {t('settings.endOne')}
        </Button>
      )}
    </li>
  );
}
