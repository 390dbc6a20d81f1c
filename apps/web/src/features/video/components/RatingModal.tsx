import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { useModalFrame, useModalStack } from '../../../ui/ModalStack.tsx';
import { useRateSession } from '../api/rate-session.ts';
import { useVideoT } from '../i18n/use-video-t.ts';
import { FeedbackModal } from './FeedbackModal.tsx';
import { GradeInfoModal } from './GradeInfoModal.tsx';
import { StarIcon } from './Icons.tsx';
import styles from './Rating.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The post-session rating popup (spec §2, §4): 1–5 stars, sent as `{slot_hashid, rating}` to the endpoint of the
 * role (spec §6); then the feedback modal. «Что означает оценка?» opens the grade-info modal on top.
 */
export function RatingModal({ slotHashid, onRated }: { slotHashid: string; onRated?: (rating: number) => void }) {
  const t = useVideoT();
  const { t: tc } = useTranslation();
  const stack = useModalStack();
  const { close } = useModalFrame();
  const rate = useRateSession(useCurrentUser()?.role);
  const [rating, setRating] = useState<number | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const name = useId();
  const shown = hover ?? rating ?? 0;

  const send = () => {
    if (rating === null) return;
    rate.mutate(
      { slot_hashid: slotHashid, rating },
      {
        onSuccess: () => {
          onRated?.(rating);
          close();
          stack.open(() => <FeedbackModal slotHashid={slotHashid} rating={rating} />);
        },
      },
    );
  };

  return (
    <DynamicModal
      title={t('rating.title')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('rating.later')}
          </Button>
          <Button isLoading={rate.isPending} disabled={rating === null} onClick={send}>
            {t('rating.send')}
          </Button>
        </>
      }
    >
      <p>{t('rating.lead')}</p>
      <fieldset className={styles.stars} onMouseLeave={() => setHover(null)}>
        <legend className="visually-hidden">{t('rating.group')}</legend>
        {STARS.map((value) => (
          <label key={value} className={styles.star} onMouseEnter={() => setHover(value)}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={rating === value}
              aria-label={t('rating.star', { count: value })}
              onChange={() => setRating(value)}
            />
            <StarIcon filled={value <= shown} />
          </label>
        ))}
      </fieldset>
      <p className={styles.choice} aria-live="polite">
        {rating === null ? t('rating.choose') : t(`rating.grade${rating as 1 | 2 | 3 | 4 | 5}`)}
      </p>
      <p>
        <button type="button" className={styles.linkButton} onClick={() => stack.open(() => <GradeInfoModal />)}>
          {t('rating.whatMeans')}
        </button>
      </p>
      {rate.isError && <Alert tone="error">{errorMessageFrom(rate.error, tc)}</Alert>}
    </DynamicModal>
  );
}
