import { useTranslation } from 'react-i18next';
import { StartSessionButton } from '../../../entities/therapist-session/components/StartSessionButton.tsx';
import { formatDateTime } from '../../../i18n/format.ts';
import { formatTime } from '../../../i18n/format-zoned.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Card } from '../../../ui/Card.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useClientVideobox } from '../api/get-client-videobox.ts';
import styles from './TherapistClients.module.css';

/** The videobox of the next session with this client: when the room opens, the device check, «Начать сессию». */
export function VideoboxCard({ clientHashid, tz }: { clientHashid: string; tz: string }) {
  const { t } = useTranslation();
  const videobox = useClientVideobox(clientHashid);
  return (
    <Card title={t('therapistClients.videobox')}>
      {videobox.isPending && <LoadingState />}
      {videobox.isError && (
        <ErrorState message={errorMessageFrom(videobox.error, t)} onRetry={() => void videobox.refetch()} />
      )}
      {videobox.data === null && <p className={styles.muted}>{t('therapistClients.videoboxNone')}</p>}
      {videobox.data && (
        <div className={styles.videobox}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('therapistClients.videoboxWhen')}</dt>
              <dd>{formatDateTime(videobox.data.session_at, tz)}</dd>
            </div>
            <div>
              <dt>{t('therapistClients.videoboxRoom')}</dt>
              <dd>
                {t('therapistClients.videoboxWindow', {
                  from: formatTime(videobox.data.opens_at, tz),
                  to: formatTime(videobox.data.closes_at, tz),
                })}
              </dd>
            </div>
            <div>
              <dt>{t('therapistClients.videoboxDevices')}</dt>
              <dd>
                {videobox.data.device_detection_success === null
                  ? t('therapistClients.devicesUnknown')
                  : videobox.data.device_detection_success
                    ? t('therapistClients.devicesOk')
                    : t('therapistClients.devicesFailed')}
              </dd>
            </div>
          </dl>
          <StartSessionButton
            clientHashid={clientHashid}
            opensAt={videobox.data.opens_at}
            closesAt={videobox.data.closes_at}
            tz={tz}
            size="medium"
          />
        </div>
      )}
    </Card>
  );
}
