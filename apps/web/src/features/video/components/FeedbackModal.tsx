import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { useModalFrame } from '../../../ui/ModalStack.tsx';
import { useRateSession } from '../api/rate-session.ts';
import { useVideoT } from '../i18n/use-video-t.ts';
import styles from './Rating.module.css';

const MAX_FEEDBACK = 2000;

/** The feedback modal (spec §2): an optional text after the rating, saved with it. */
export function FeedbackModal({ slotHashid, rating }: { slotHashid: string; rating: number }) {
  const t = useVideoT();
  const { t: tc } = useTranslation();
  const { close } = useModalFrame();
  const rate = useRateSession(useCurrentUser()?.role);
  const [text, setText] = useState('');
  const id = useId();

  if (rate.isSuccess) {
    return (
      <DynamicModal title={t('rating.feedbackTitle')} footer={<Button onClick={close}>{t('rating.close')}</Button>}>
        <Alert tone="success">{t('rating.feedbackSaved')}</Alert>
      </DynamicModal>
    );
  }

  const comment = text.trim();
  return (
    <DynamicModal
      title={t('rating.feedbackTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('rating.skip')}
          </Button>
          <Button
            isLoading={rate.isPending}
            disabled={comment === ''}
            onClick={() => rate.mutate({ slot_hashid: slotHashid, rating, comment })}
          >
            {t('rating.sendFeedback')}
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        <p>{t('rating.feedbackLead')}</p>
        <label htmlFor={id} className={styles.label}>
          {t('rating.feedbackLabel')}
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          value={text}
          maxLength={MAX_FEEDBACK}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {t('rating.feedbackHint')}
        </p>
        {rate.isError && <Alert tone="error">{errorMessageFrom(rate.error, tc)}</Alert>}
      </div>
    </DynamicModal>
  );
}
