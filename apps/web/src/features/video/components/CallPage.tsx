import type { UseQueryResult } from '@tanstack/react-query';
import type { TRole, TVideoData } from '@therapy/contract';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useClientTimeZone } from '../../../lib/client-time-zone.ts';
import { homeOf } from '../../../lib/roles.ts';
import { displayName, useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { LoadingState } from '../../../ui/States.tsx';
import { markCallPhase } from '../core/call-marks.ts';
import { joinWindowAt } from '../core/join-window.ts';
import { supportsCalls } from '../core/media-env.ts';
import { completedSlotId, isSessionEnd, shouldShowRatingPopup } from '../core/rating-rules.ts';
import type { TVideoCall } from '../core/video-call.ts';
import { useRatingPopup } from '../hooks/use-rating-popup.ts';
import { useCallState, useVideoCall } from '../hooks/use-video-call.ts';
import { useVideoT } from '../i18n/use-video-t.ts';
import styles from './CallNotice.module.css';
import { CallNotice } from './CallNotice.tsx';
import { DeviceCheck } from './DeviceCheck.tsx';

// The call and its end (the post-session form) load apart from the device check, which is what the page shows
// first: less to download and run before the camera preview. They are fetched once the device check is up (below).
const loadCallScreen = () => import('./CallScreen.tsx');
const loadCallEnded = () => import('./CallEnded.tsx');
const CallScreen = lazy(() => loadCallScreen().then((module) => ({ default: module.CallScreen })));
const CallEnded = lazy(() => loadCallEnded().then((module) => ({ default: module.CallEnded })));
const PREFETCH_AFTER_MS = 2500;
const IN_CALL: ReadonlySet<string> = new Set(['joining', 'in_call', 'reconnecting']);

/** The names of the other participants of a role, from the video data. */
function namesOf(videoData: TVideoData, role: TRole): string {
  return videoData.participants
    .filter((participant) => participant.role === role && participant.uid !== videoData.uid)
    .map((participant) => participant.name)
    .join(', ');
}

function CallPhases({
  call,
  videoData,
  forRole: role,
  timeZone,
}: {
  call: TVideoCall;
  videoData: TVideoData;
  forRole: TRole;
  timeZone: string;
}) {
  const t = useVideoT();
  const state = useCallState(call);
  // The call screen renders behind the call's own work: its renders are deferred (time-sliced, they yield), so that
  // showing the call does not hold up the offer, the answer and the candidates that set it up.
  const view = useDeferredValue(state);
  const openRating = useRatingPopup();
  const [rated, setRated] = useState(false);
  const ratingShown = useRef(false);

  useEffect(() => {
    if (state.phase === 'no_call') void call.startDeviceCheck();
  }, [call, state.phase]);
  // The next screens' code, once the camera preview runs (or 2.5 s after the device check is up, without a camera)
  // and the page is idle: in place by the time «Всё работает» is pressed, so that the call screen renders while the
  // offer is under way rather than when the answer comes back, and without competing with the preview for the main
  // thread. (Pressed sooner, the call joins at once all the same; its screen follows its chunk.)
  const previewUp = state.localStream !== null;
  useEffect(() => {
    const load = () => {
      loadCallScreen().catch(() => {});
      loadCallEnded().catch(() => {});
    };
    let idle: number | undefined;
    const timer = setTimeout(
      () => {
        if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(load, { timeout: 500 });
        else load();
      },
      previewUp ? 0 : PREFETCH_AFTER_MS,
    );
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [previewUp]);

  // The session ended: the rating popup (spec §4), once, unless this person already rated it.
  const current = call.videoData() ?? videoData;
  const completedSlot = state.ended ? completedSlotId(state.ended.slotHashid, current) : null;
  const canRate =
    isSessionEnd(state.ended?.reason) && shouldShowRatingPopup(current) && !rated && completedSlot !== null;
  const rate = () => {
    if (completedSlot) openRating(completedSlot, () => setRated(true));
  };
  useEffect(() => {
    if (!canRate || ratingShown.current || !completedSlot) return;
    ratingShown.current = true;
    openRating(completedSlot, () => setRated(true));
  }, [canRate, completedSlot, openRating]);

  switch (state.phase) {
    case 'no_call':
    case 'device_check':
      return (
        <DeviceCheck
          call={call}
          state={state}
          who={t(
            role === 'therapist'
              ? videoData.therapy_type === 'couple'
                ? 'deviceCheck.withClients'
                : 'deviceCheck.withClient'
              : 'deviceCheck.withTherapist',
            { name: namesOf(videoData, role === 'therapist' ? 'client' : 'therapist') },
          )}
          when={t('deviceCheck.startsAt', { when: formatDateTime(videoData.session_at, timeZone) })}
        />
      );
    case 'joining':
    case 'in_call':
    case 'reconnecting':
      if (!IN_CALL.has(view.phase)) return <LoadingState />;
      return (
        <Suspense fallback={<LoadingState />}>
          <CallScreen call={call} state={view} videoData={videoData} forRole={role} timeZone={timeZone} />
        </Suspense>
      );
    case 'ended':
      return (
        <Suspense fallback={<LoadingState />}>
          <CallEnded
            call={call}
            state={state}
            forRole={role}
            completedSlot={completedSlot}
            canRate={canRate}
            onRate={rate}
          />
        </Suspense>
      );
  }
}

function CallRoom(props: {
  videoData: TVideoData;
  forRole: TRole;
  timeZone: string;
  refresh: () => Promise<TVideoData>;
}) {
  const user = useCurrentUser();
  const call = useVideoCall({
    videoData: props.videoData,
    role: props.forRole,
    selfName: user ? displayName(user) : '',
    refreshVideoData: props.refresh,
  });
  if (!call) return <LoadingState />;
  return <CallPhases call={call} videoData={props.videoData} forRole={props.forRole} timeZone={props.timeZone} />;
}

/**
 * The video call page of either role: loads the video data, says when to come back outside the join window
 * (in the viewer's zone), and otherwise runs the call: device check → call → end (rating popup).
 */
export function CallPage({
  forRole: role,
  query,
  refresh,
}: {
  forRole: TRole;
  query: UseQueryResult<TVideoData | null>;
  refresh: () => Promise<TVideoData>;
}) {
  const t = useVideoT();
  const { t: tc } = useTranslation();
  const timeZone = useClientTimeZone();
  const now = useNow(15_000);
  // The video data the room was entered with: the page stays with the call from then on, even when the window
  // closes (time up, the rating) or a later refresh of the data fails (the call retries on its own).
  const [roomData, setRoomData] = useState<TVideoData | null>(null);
  useDocumentTitle(t('title'));
  const videoData = query.data ?? null;
  const position = videoData ? joinWindowAt(videoData, now) : null;

  useEffect(() => markCallPhase('page'), []);
  useEffect(() => {
    if (videoData) markCallPhase('video-data');
  }, [videoData]);

  useEffect(() => {
    if (position === 'open' && videoData) setRoomData((entered) => entered ?? videoData);
  }, [position, videoData]);

  if (roomData) return <CallRoom videoData={roomData} forRole={role} timeZone={timeZone} refresh={refresh} />;

  const home = (
    <ButtonLink to={homeOf(role)} variant="secondary">
      {t('backToDashboard')}
    </ButtonLink>
  );

  if (!supportsCalls()) {
    return (
      <CallNotice title={t('title')} actions={home}>
        <Alert tone="error">{t('unsupported')}</Alert>
      </CallNotice>
    );
  }
  if (query.isPending) return <LoadingState label={t('loading')} />;
  if (query.isError || !videoData) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <CallNotice title={t('noSession.title')} actions={home}>
          <p className={styles.muted}>{role === 'therapist' ? t('noSession.therapist') : t('noSession.client')}</p>
        </CallNotice>
      );
    }
    return (
      <CallNotice
        title={t('title')}
        actions={
          <>
            <Button onClick={() => void query.refetch()}>{tc('common.retry')}</Button>
            {home}
          </>
        }
      >
        <Alert tone="error">{t('loadFailed')}</Alert>
      </CallNotice>
    );
  }

  if (position !== 'open') {
    const when = formatDateTime(position === 'before' ? videoData.opens_at : videoData.session_at, timeZone);
    return position === 'before' ? (
      <CallNotice title={t('window.beforeTitle')} actions={home}>
        <p>{t('window.before', { when })}</p>
        <p className={styles.muted}>
          {t('window.sessionAt', { when: formatDateTime(videoData.session_at, timeZone) })}
        </p>
      </CallNotice>
    ) : (
      <CallNotice title={t('window.closedTitle')} actions={home}>
        <p>{t('window.closed', { when })}</p>
      </CallNotice>
    );
  }

  return <CallRoom videoData={videoData} forRole={role} timeZone={timeZone} refresh={refresh} />;
}
