import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useCancelSlot } from '../api/cancel-slot.ts';
import { useCancelPolicy } from '../api/get-cancel-policy.ts';
import { PolicyNote } from './PolicyNote.tsx';
import styles from './Slot.module.css';

/**
 * «Отменить сессию?»: the policy as it stands right now (asked afresh) comes before the confirm button, so the
 * client knows whether the session goes back to the pass or is spent.
 */
export function CancelSessionModal({ slotId, label, close }: { slotId: string; label: string; close: () => void }) {
  const { t } = useTranslation();
  const policy = useCancelPolicy(slotId);
  const cancel = useCancelSlot();

  if (cancel.isSuccess) {
    return (
      <DynamicModal title={t('sessions.cancelledTitle')} footer={<Button onClick={close}>{t('ui.close')}</Button>}>
        <Alert tone="success">{cancel.data.message}</Alert>
      </DynamicModal>
    );
  }

  const canCancel = policy.data?.can_cancel === true;
  return (
    <DynamicModal
      title={t('sessions.cancelTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('sessions.keep')}
          </Button>
          {canCancel && (
            <Button
              variant={policy.data?.free ? 'primary' : 'danger'}
              isLoading={cancel.isPending}
              onClick={() => cancel.mutate({ slotId })}
            >
              {policy.data?.free ? t('sessions.confirmCancel') : t('sessions.confirmCancelLate')}
            </Button>
          )}
        </>
      }
    >
      <div className={styles.confirm}>
        <p>{t('sessions.cancelText', { when: label })}</p>
        {policy.isPending && <LoadingState />}
        {policy.isError && (
          <ErrorState message={errorMessageFrom(policy.error, t)} onRetry={() => void policy.refetch()} />
        )}
        {policy.data && canCancel && <PolicyNote policy={policy.data} action="cancel" />}
        {policy.data && !canCancel && <Alert tone="warning">{policy.data.message}</Alert>}
        {cancel.isError && <Alert tone="error">{errorMessageFrom(cancel.error, t)}</Alert>}
      </div>
    </DynamicModal>
  );
}
