import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { LoadingState } from '../../../ui/States.tsx';

// The dialogs (the reschedule one with the week of free times) load on first use, not with the dashboard that
// shows these buttons; a pointer over a button or focus on it starts the download, so the dialog is there on click.
const loadReschedule = () => import('./RescheduleSessionModal.tsx');
const loadCancel = () => import('./CancelSessionModal.tsx');
const RescheduleSessionModal = lazy(() =>
  loadReschedule().then((module) => ({ default: module.RescheduleSessionModal })),
);
const CancelSessionModal = lazy(() => loadCancel().then((module) => ({ default: module.CancelSessionModal })));
const preload = (load: () => Promise<unknown>) => () => void load().catch(() => {});

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
          onPointerEnter={preload(loadReschedule)}
          onFocus={preload(loadReschedule)}
          onClick={() =>
            stack.open(({ close }) => (
              <Suspense fallback={<LoadingState />}>
                <RescheduleSessionModal
                  slotId={session.id}
                  therapistId={session.therapistId}
                  label={session.label}
                  close={close}
                />
              </Suspense>
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
          onPointerEnter={preload(loadCancel)}
          onFocus={preload(loadCancel)}
          onClick={() =>
            stack.open(({ close }) => (
              <Suspense fallback={<LoadingState />}>
                <CancelSessionModal slotId={session.id} label={session.label} close={close} />
              </Suspense>
            ))
          }
        >
          {t('sessions.cancel')}
        </Button>
      )}
    </>
  );
}
