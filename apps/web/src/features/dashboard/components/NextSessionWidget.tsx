import type { TNextSession } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { SessionActions } from '../../../entities/slot/components/SessionActions.tsx';
import { formatDateTime } from '../../../i18n/format.ts';
import { displayName } from '../../../lib/session.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { untilText } from '../lib/until-text.ts';
import styles from './Dashboard.module.css';

/**
 * The next session: who and when (in the client's zone), a countdown, «Подключиться» (enabled from
 * `join_opens_at`) and the quick actions «Перенести» / «Отменить».
 */
export function NextSessionWidget({
  title,
  session,
  timeZone,
}: {
  title: string;
  session: TNextSession;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const startsIn = Date.parse(session.starts_at) - now;
  const canJoin = now >= Date.parse(session.join_opens_at) && now < Date.parse(session.ends_at);
  const label = formatDateTime(session.starts_at, timeZone);
  const joinMinutes = Math.round((Date.parse(session.starts_at) - Date.parse(session.join_opens_at)) / 60_000);

  return (
    <Card title={title} className={styles.next}>
      <div className={styles.person}>
        <Avatar person={session.therapist} photoUrl={session.therapist.userpic_url} />
        <div>
          <p className={styles.big}>{label}</p>
          <p className={styles.muted}>
            {displayName(session.therapist)} · {t(`therapyType.${session.therapy_type}`)}
          </p>
        </div>
      </div>
      <p className={styles.countdown}>
        {startsIn > 0 ? t('dashboard.startsIn', { time: untilText(startsIn, t) }) : t('dashboard.inProgress')}
      </p>
      <div className={styles.actions}>
        {canJoin ? (
          <ButtonLink to="/lk/call">{t('dashboard.join')}</ButtonLink>
        ) : (
          <Button disabled aria-describedby="join-hint">
            {t('dashboard.join')}
          </Button>
        )}
        <SessionActions session={{ id: session.id, therapistId: session.therapist.id, label }} size="medium" />
      </div>
      {!canJoin && (
        <p id="join-hint" className={styles.muted}>
          {t('dashboard.joinHint', { count: joinMinutes })}
        </p>
      )}
    </Card>
  );
}
