import type { TFreeSlot } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useCancelPolicy } from '../api/get-cancel-policy.ts';
import { useRescheduleSlot } from '../api/reschedule-slot.ts';
import { PolicyNote } from './PolicyNote.tsx';
import styles from './Slot.module.css';
import { WeekSlots } from './WeekSlots.tsx';

/** «Перенести сессию»: the policy first, then a new free time of the same therapist, then the confirmation. */
export function RescheduleSessionModal({
  slotId,
  therapistId,
  label,
  close,
}: {
  slotId: string;
  therapistId: string;
  label: string;
  close: () => void;
}) {
  const { t } = useTranslation();
  const policy = useCancelPolicy(slotId);
  const reschedule = useRescheduleSlot();
  const [picked, setPicked] = useState<TFreeSlot | null>(null);

  if (reschedule.isSuccess) {
    return (
      <DynamicModal title={t('sessions.rescheduledTitle')} footer={<Button onClick={close}>{t('ui.close')}</Button>}>
        <Alert tone="success">{t('sessions.rescheduledText', { when: reschedule.data.starts_at_label })}</Alert>
      </DynamicModal>
    );
  }

  const canReschedule = policy.data?.can_reschedule === true;
  const footer = (
    <>
      <Button variant="secondary" onClick={picked ? () => setPicked(null) : close}>
        {picked ? t('sessions.pickAnother') : t('sessions.keepTime')}
      </Button>
      {picked && canReschedule && (
        <Button
          isLoading={reschedule.isPending}
          onClick={() => reschedule.mutate({ slotId, startsAt: picked.starts_at })}
        >
          {t('sessions.confirmReschedule')}
        </Button>
      )}
    </>
  );

  return (
    <DynamicModal title={t('sessions.rescheduleTitle')} footer={footer}>
      <div className={styles.confirm}>
        <p>{t('sessions.rescheduleText', { when: label })}</p>
        {policy.isPending && <LoadingState />}
        {policy.isError && (
          <ErrorState message={errorMessageFrom(policy.error, t)} onRetry={() => void policy.refetch()} />
        )}
        {policy.data && canReschedule && <PolicyNote policy={policy.data} action="reschedule" />}
        {policy.data && !canReschedule && <Alert tone="warning">{t('sessions.cannotReschedule')}</Alert>}
        {policy.data && canReschedule && !picked && <WeekSlots therapistId={therapistId} onPick={setPicked} />}
        {picked && (
          <Alert tone="info" live={false}>
            {t('sessions.moveFromTo', { from: label, to: picked.label })}
          </Alert>
        )}
        {reschedule.isError && <Alert tone="error">{errorMessageFrom(reschedule.error, t)}</Alert>}
      </div>
    </DynamicModal>
  );
}
