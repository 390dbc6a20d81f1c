import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format-zoned.ts';
import { joinWindowAt } from '../../../lib/join-window.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import styles from './TherapistSession.module.css';

/** Where the therapist holds the call with this client. */
export const callPathOf = (clientHashid: string) => `/therapist/clients/${encodeURIComponent(clientHashid)}/call`;

/**
 * «Начать сессию»: a link to the call page while the room is open (the server's window), otherwise a disabled button
 * that says when it opens. The clock is checked every 15 s, so the button comes alive on its own.
 */
export function StartSessionButton({
  clientHashid,
  opensAt,
  closesAt,
  tz,
  size = 'small',
}: {
  clientHashid: string;
  opensAt: string;
  closesAt: string;
  tz: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  const window = joinWindowAt({ opens_at: opensAt, closes_at: closesAt }, now);
  if (window === 'open') {
    return (
      <ButtonLink to={callPathOf(clientHashid)} size={size}>
        {t('therapistSessions.start')}
      </ButtonLink>
    );
  }
  return (
    <span className={styles.start}>
      <Button size={size} disabled>
        {t('therapistSessions.start')}
      </Button>
      <span className={styles.hint}>
        {window === 'before'
          ? t('therapistSessions.opensAt', { time: formatTime(opensAt, tz) })
          : t('therapistSessions.closed')}
      </span>
    </span>
  );
}
