import type { TRole } from '@therapy/contract';
import { homeOf } from '../../../lib/roles.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { isSessionEnd } from '../core/rating-rules.ts';
import type { TCallState } from '../core/types.ts';
import type { TVideoCall } from '../core/video-call.ts';
import { type TVideoKey, useVideoT } from '../i18n/use-video-t.ts';
import styles from './CallNotice.module.css';
import { CallNotice } from './CallNotice.tsx';
import { PostSessionForm } from './PostSessionForm.tsx';

const REFUSAL_CODES = new Set([
  'invalid_token',
  'not_participant',
  'signed_out',
  'too_early',
  'too_late',
  'session_ended',
  'session_unavailable',
  'rate_limited',
  'join_required',
]);

/**
 * After the call: thanks and «Оценить сессию» when the session ended (the therapist also gets the post-session
 * form), «Вернуться» after leaving, «Подключиться здесь» when another tab took over, the reason of a refusal.
 */
export function CallEnded({
  call,
  state,
  forRole: role,
  completedSlot,
  canRate,
  onRate,
}: {
  call: TVideoCall;
  state: TCallState;
  forRole: TRole;
  completedSlot: string | null;
  canRate: boolean;
  onRate: () => void;
}) {
  const t = useVideoT();
  const ended = state.ended;
  const reason = ended?.reason ?? 'left';
  const home = (
    <ButtonLink to={homeOf(role)} variant="secondary">
      {t('backToDashboard')}
    </ButtonLink>
  );

  if (isSessionEnd(reason)) {
    return (
      <CallNotice wide={role === 'therapist'} title={t(`ended.${reason}`)}>
        <p className={styles.muted}>{t('ended.thanks')}</p>
        <div className={styles.actions}>
          {canRate && <Button onClick={onRate}>{t('ended.rate')}</Button>}
          {home}
        </div>
        {role === 'therapist' && completedSlot && <PostSessionForm slotHashid={completedSlot} />}
      </CallNotice>
    );
  }

  if (reason === 'refused') {
    const code = ended?.code ?? '';
    const text = REFUSAL_CODES.has(code)
      ? t(`ended.codes.${code}` as TVideoKey)
      : (ended?.message ?? t('errors.signalingRefused'));
    return (
      <CallNotice title={t('ended.refused')} actions={home}>
        <p>{text}</p>
      </CallNotice>
    );
  }

  return (
    <CallNotice
      title={t(`ended.${reason}`)}
      actions={
        <>
          <Button onClick={() => void call.join()}>
            {reason === 'replaced' ? t('ended.joinHere') : t('ended.rejoin')}
          </Button>
          {home}
        </>
      }
    >
      <p className={styles.muted}>{reason === 'replaced' ? t('ended.replacedText') : t('ended.leftText')}</p>
    </CallNotice>
  );
}
