import type { TCancelPolicy } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';

/**
 * The cancellation policy a client sees before confirming a booking, a move or a cancellation: free until 24 hours
 * before the start; later the session is spent.
 */
export function PolicyNote({ policy, action }: { policy: TCancelPolicy; action: 'book' | 'cancel' | 'reschedule' }) {
  const { t } = useTranslation();
  if (action === 'book') {
    return (
      <Alert tone="info" live={false}>
        <strong>{t('booking.policy.title')}</strong>
        <p>{t('booking.policy.book', { until: policy.free_until_label })}</p>
      </Alert>
    );
  }
  if (policy.free) {
    return (
      <Alert tone="info" live={false}>
        <p>
          {t(action === 'cancel' ? 'booking.policy.cancelFree' : 'booking.policy.rescheduleFree', {
            until: policy.free_until_label,
          })}
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone="warning" live={false}>
      <p>
        {t(action === 'cancel' ? 'booking.policy.cancelLate' : 'booking.policy.rescheduleLate', {
          until: policy.free_until_label,
        })}
      </p>
    </Alert>
  );
}
