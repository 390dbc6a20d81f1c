import type { TDataExport } from '@therapy/contract';
import { DEFAULT_TIME_ZONE } from '@therapy/contract/rules';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../i18n/format.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Progress } from '../../../ui/Progress.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useDataExports, useRequestDataExport } from '../api/data-exports.ts';
import styles from './Privacy.module.css';

const MB = 1024 * 1024;

/**
 * «Скачать мои данные»: the client asks for an archive of everything held about them, sees it being built (the server
 * mails them when it is ready), then downloads it here, in their own session, for 7 days.
 */
export function DataExportCard() {
  const { t } = useTranslation();
  const exports = useDataExports();
  const request = useRequestDataExport();
  const zone = useCurrentUser()?.tz ?? DEFAULT_TIME_ZONE;
  const latest = exports.data?.exports[0];
  // '12 КБ', '1,4 МБ': the archive's size as people read it.
  const sizeLabel = (bytes: number) =>
    bytes < MB
      ? t('dataExport.sizeKb', { size: formatNumber(Math.max(1, Math.round(bytes / 1024))) })
      : t('dataExport.sizeMb', { size: formatNumber(Math.round((bytes / MB) * 10) / 10) });
  const running = latest?.status === 'queued' || latest?.status === 'building';
  const ask = (label: string, variant: 'primary' | 'secondary' = 'primary') => (
    <div className={styles.actions}>
      <Button variant={variant} isLoading={request.isPending} onClick={() => request.mutate()}>
        {label}
      </Button>
    </div>
  );
  return (
    <Card title={t('dataExport.title')}>
      <p className={styles.note}>{t('dataExport.lead')}</p>
      {exports.isPending && <LoadingState />}
      {exports.isError && (
        <ErrorState message={errorMessageFrom(exports.error, t)} onRetry={() => void exports.refetch()} />
      )}
      {exports.data && (
        <div className={styles.exportState} aria-live="polite">
          {!latest && (
            <>
              <p className={styles.note}>{t('dataExport.none')}</p>
              {ask(t('dataExport.request'))}
            </>
          )}
          {latest && running && <ExportProgress item={latest} />}
          {latest?.status === 'ready' && (
            <>
              <ExportReady item={latest} sizeText={latest.size_bytes ? sizeLabel(latest.size_bytes) : ''} zone={zone} />
              {ask(t('dataExport.requestAgain'), 'secondary')}
            </>
          )}
          {latest?.status === 'expired' && (
            <>
              <p className={styles.note}>
                {latest.expires_at
                  ? t('dataExport.expired', { when: formatDateTime(latest.expires_at, zone) })
                  : t('dataExport.expiredNoDate')}
              </p>
              {ask(t('dataExport.request'))}
            </>
          )}
          {latest?.status === 'failed' && (
            <>
              <Alert tone="error">{t('dataExport.failed')}</Alert>
              {ask(t('dataExport.requestAgain'))}
            </>
          )}
        </div>
      )}
      {request.isError && <Alert tone="error">{errorMessageFrom(request.error, t)}</Alert>}
    </Card>
  );
}

function ExportProgress({ item }: { item: TDataExport }) {
  const { t } = useTranslation();
  const label = t(item.status === 'queued' ? 'dataExport.queued' : 'dataExport.building');
  return (
    <>
      <Progress label={label} value={item.progress} valueText={`${item.progress} %`} />
      <p className={styles.note}>{t('dataExport.mailHint')}</p>
    </>
  );
}

function ExportReady({ item, sizeText, zone }: { item: TDataExport; sizeText: string; zone: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert tone="success">
        {t('dataExport.ready', { when: item.ready_at ? formatDateTime(item.ready_at, zone) : '' })}
      </Alert>
      {item.download_url && (
        <a className={styles.download} href={item.download_url} download>
          {sizeText ? t('dataExport.downloadWithSize', { size: sizeText }) : t('dataExport.download')}
        </a>
      )}
      {item.expires_at && (
        <p className={styles.note}>{t('dataExport.until', { when: formatDateTime(item.expires_at, zone) })}</p>
      )}
    </>
  );
}
