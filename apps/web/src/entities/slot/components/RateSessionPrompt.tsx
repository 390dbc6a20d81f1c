import { useTranslation } from 'react-i18next';
import { displayName } from '../../../lib/session.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { useClientSlots } from '../api/get-client-slots.ts';
import { sessionAwaitingRating, useDismissedRatings, useRatingAction } from '../lib/session-rating.tsx';
import styles from './Slot.module.css';

/**
 * «Оцените сессию»: the latest session that took place and is not rated yet, so a rating popup lost to a reload or
 * a closed tab is not lost for good. It stays until the client rates the session or declines with «Не оценивать».
 * `hidden`: mounted (its sessions loading) but not shown yet, so that it can appear together with the rest of a page.
 */
export function RateSessionPrompt({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation();
  const rate = useRatingAction();
  const slots = useClientSlots();
  const { dismissed, dismiss } = useDismissedRatings();
  const slot = rate && slots.data ? sessionAwaitingRating(slots.data.past, dismissed) : null;
  if (!rate || !slot || hidden) return null;
  return (
    <Card title={t('sessions.ratePromptTitle')}>
      <p>{t('sessions.ratePromptText', { name: displayName(slot.therapist), when: slot.starts_at_label })}</p>
      <div className={styles.promptActions}>
        <Button onClick={() => rate(slot.id)}>{t('sessions.rate')}</Button>
        <Button variant="ghost" onClick={() => dismiss(slot.id)}>
          {t('sessions.rateDismiss')}
        </Button>
      </div>
    </Card>
  );
}
