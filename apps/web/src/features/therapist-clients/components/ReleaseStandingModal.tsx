import type { TStandingSlot } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { useUnschedClient } from '../api/unsched-client.ts';

/**
 * «Освободить постоянное время?»: names the weekday and time being released and what happens to the booked sessions
 * (each is cancelled, goes back to the client's pass, and the client gets a mail), before anything is sent.
 */
export function ReleaseStandingModal({
  clientHashid,
  clientName,
  standing,
  upcomingCount,
  close,
}: {
  clientHashid: string;
  clientName: string;
  standing: TStandingSlot | null;
  upcomingCount: number;
  close: () => void;
}) {
  const { t } = useTranslation();
  const unsched = useUnschedClient();

  if (unsched.isSuccess) {
    return (
      <DynamicModal
        title={t('therapistClients.releasedTitle')}
        footer={<Button onClick={close}>{t('ui.close')}</Button>}
      >
        <Alert tone="success">
          {t('therapistClients.released', { count: unsched.data.cancelled_count, name: clientName })}
        </Alert>
      </DynamicModal>
    );
  }

  return (
    <DynamicModal
      title={t('therapistClients.releaseTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('therapistClients.keep')}
          </Button>
          <Button variant="danger" isLoading={unsched.isPending} onClick={() => unsched.mutate(clientHashid)}>
            {t('therapistClients.releaseConfirm')}
          </Button>
        </>
      }
    >
      <p>
        {standing
          ? t('therapistClients.releaseStanding', { name: clientName, when: standing.label })
          : t('therapistClients.releaseNoStanding', { name: clientName })}
      </p>
      <p>{t('therapistClients.releaseEffect', { count: upcomingCount })}</p>
      {unsched.isError && <Alert tone="error">{errorMessageFrom(unsched.error, t)}</Alert>}
    </DynamicModal>
  );
}
