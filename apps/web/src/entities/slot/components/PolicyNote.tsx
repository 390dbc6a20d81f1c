import type { TCancelPolicy } from '@therapy/contract';
import { isFreeCancellation } from '@therapy/contract/rules';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';

/**
 * The cancellation policy a client sees before confirming a booking, a move or a cancellation: free until 24 hours
 * before the start; later the session is spent. A booking inside those 24 hours promises no deadline that has passed.
 */
export function PolicyNote(
  props:
    | { policy: TCancelPolicy; action: 'cancel' | 'reschedule' }
    /** `startsAt`: the session's start, which decides whether a booking made now can still be cancelled free. */
    | { policy: TCancelPolicy; action: 'book'; startsAt: string },
) {
  const { t } = useTranslation();
  const { policy, action } = props;
  if (props.action === 'book') {
    if (!isFreeCancellation(props.startsAt)) {
      return (
        <Alert tone="warning" live={false}>
          <strong>{t('booking.policy.title')}</strong>
          <p>{t('booking.policy.bookLate')}</p>
        </Alert>
      );
    }
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
