import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { CancelSessionModal } from './CancelSessionModal.tsx';
import { RescheduleSessionModal } from './RescheduleSessionModal.tsx';

export type TSessionRef = { id: string; therapistId: string; label: string };

/** «Перенести» and «Отменить» of a booked session, each opening its modal (the policy is shown there first). */
export function SessionActions({
  session,
  canReschedule = true,
  canCancel = true,
  size = 'small',
}: {
  session: TSessionRef;
  canReschedule?: boolean;
  canCancel?: boolean;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const stack = useModalStack();
  return (
    <>
      {canReschedule && (
        <Button
          variant="secondary"
          size={size}
          aria-label={t('sessions.rescheduleLabel', { when: session.label })}
          onClick={() =>
            stack.open(({ close }) => (
              <RescheduleSessionModal
                slotId={session.id}
                therapistId={session.therapistId}
                label={session.label}
                close={close}
              />
            ))
          }
        >
          {t('sessions.reschedule')}
        </Button>
      )}
      {canCancel && (
        <Button
          variant="ghost"
          size={size}
          aria-label={t('sessions.cancelLabel', { when: session.label })}
          onClick={() =>
            stack.open(({ close }) => <CancelSessionModal slotId={session.id} label={session.label} close={close} />)
          }
        >
          {t('sessions.cancel')}
        </Button>
      )}
    </>
  );
}
