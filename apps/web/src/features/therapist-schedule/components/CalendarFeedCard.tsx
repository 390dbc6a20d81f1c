import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useResetCalendarFeed } from '../api/reset-calendar-feed.ts';
import styles from './TherapistSchedule.module.css';

/** The private .ics URL: copy it, open it as a subscription, or reset it after confirming. */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const body = () => {
    if (feed.isPending) return <LoadingState />;
    if (feed.isError) {
      return <ErrorState message={errorMessageFrom(feed.error, t)} onRetry={() => void feed.refetch()} />;
    }
    const { url, webcal_url } = feed.data;
    const copy = async () => {
      await navigator.clipboard?.writeText(url);
      setCopied(true);
    };
    return (
      <div className={styles.form}>
        <p>{t('therapistSchedule.feed.text')}</p>
        <TextField
          label={t('therapistSchedule.feed.label')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className={styles.actions}>
          <Button type="button" onClick={() => void copy()}>
            {t('therapistSchedule.feed.copy')}
          </Button>
          <a className={styles.link} href={webcal_url}>
            {t('therapistSchedule.feed.open')}
          </a>
        </div>
        {copied && <Alert tone="success">{t('therapistSchedule.feed.copied')}</Alert>}
        {reset.isSuccess && <Alert tone="success">{t('therapistSchedule.feed.resetDone')}</Alert>}
        {reset.isError && <Alert tone="error">{errorMessageFrom(reset.error, t)}</Alert>}
        {confirming ? (
          <div className={styles.confirm}>
            <p>{t('therapistSchedule.feed.confirm')}</p>
            <div className={styles.actions}>
              <Button
                type="button"
                variant="danger"
                isLoading={reset.isPending}
                onClick={() =>
                  reset.mutate(undefined, {
                    onSettled: () => setConfirming(false),
                    onSuccess: () => setCopied(false),
                  })
                }
              >
                {t('therapistSchedule.feed.confirmYes')}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                {t('therapistSchedule.feed.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <div className={styles.actions}>
            <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
              {t('therapistSchedule.feed.reset')}
            </Button>
          </div>
        )}
      </div>
    );
  };
  return <Card title={t('therapistSchedule.feed.title')}>{body()}</Card>;
}
