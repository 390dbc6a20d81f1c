import type { TClientSlot, TPassStatus } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import type { TPurchasePhase } from '../lib/purchase-phase.ts';
import styles from './Passes.module.css';

/** What the client sees after the payment page: checking, paid (the pass is active), not paid, or still unknown. */
export function PurchaseStatus({
  phase,
  passStatus,
  bookedSession,
  paysForSession = false,
  onRetry,
  onCheckAgain,
  onDismiss,
}: {
  phase: TPurchasePhase;
  passStatus: TPassStatus | undefined;
  /** The session the purchase paid for (the onboarding checkout books it when the payment completes). */
  bookedSession: TClientSlot | null;
  /** The purchase pays for a held session (the onboarding checkout), which may not have loaded yet. */
  paysForSession?: boolean;
  onRetry: () => void;
  onCheckAgain: () => void;
  /** Stops following this purchase (a stale link): the page shows the passes alone. */
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  if (phase === 'idle') return null;
  if (phase === 'polling') {
    return (
      <Alert tone="info">
        <p className={styles.statusLine}>
          <span className={styles.spinner} aria-hidden="true" />
          <strong>{t('passes.purchase.checking')}</strong>
        </p>
        <p>{t('passes.purchase.checkingText')}</p>
      </Alert>
    );
  }
  if (phase === 'completed') {
    // Spec §4: a completed purchase activates its pass. A one-session pass bought at the onboarding checkout is
    // spent at once on the session it paid for: then the booked session is the news, and no pass is called active
    // while the list below says its sessions are used.
    const sessionsLeft = passStatus?.status === 'active' ? passStatus.sessions_left : 0;
    let passText: string | null = null;
    if (passStatus?.status === 'pending_purchase') passText = t('passes.purchase.activating');
    else if (sessionsLeft > 0) passText = t('passes.purchase.active', { count: sessionsLeft });
    else if (passStatus && !bookedSession && !paysForSession) passText = t('passes.purchase.noneLeft');
    return (
      <Alert tone="success">
        <p>
          <strong>{t('passes.purchase.completed')}</strong>
        </p>
        {passText && <p>{passText}</p>}
        {bookedSession && <p>{t('passes.purchase.booked', { when: bookedSession.starts_at_label })}</p>}
        <p className={styles.statusActions}>
          <Link to="/lk">{t('passes.purchase.toDashboard')}</Link>
          <Link to="/lk/sessions">{t('booking.toSessions')}</Link>
        </p>
      </Alert>
    );
  }
  if (phase === 'cancelled') {
    return (
      <Alert tone="error">
        <p>
          <strong>{t('passes.purchase.cancelled')}</strong>
        </p>
        <p>{t('passes.purchase.cancelledText')}</p>
        <p className={styles.statusActions}>
          <Button size="small" onClick={onRetry}>
            {t('passes.purchase.retry')}
          </Button>
        </p>
      </Alert>
    );
  }
  if (phase === 'refunded') {
    return (
      <Alert tone="info">
        <p>
          <strong>{t('passes.purchase.refunded')}</strong>
        </p>
        <p>{t('passes.purchase.refundedText')}</p>
        <p className={styles.statusActions}>
          <Button size="small" variant="secondary" onClick={onRetry}>
            {t('passes.purchase.choosePass')}
          </Button>
        </p>
      </Alert>
    );
  }
  if (phase === 'not_found') {
    return (
      <Alert tone="warning">
        <p>
          <strong>{t('passes.purchase.notFound')}</strong>
        </p>
        <p>{t('passes.purchase.notFoundText')}</p>
        <p className={styles.statusActions}>
          <Button size="small" variant="secondary" onClick={onDismiss}>
            {t('passes.purchase.dismiss')}
          </Button>
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone="warning">
      <p>
        <strong>{t('passes.purchase.timedOut')}</strong>
      </p>
      <p>{t('passes.purchase.timedOutText')}</p>
      <p className={styles.statusActions}>
        <Button size="small" variant="secondary" onClick={onCheckAgain}>
          {t('passes.purchase.checkAgain')}
        </Button>
        <Button size="small" variant="ghost" onClick={onDismiss}>
          {t('passes.purchase.dismiss')}
        </Button>
      </p>
    </Alert>
  );
}
