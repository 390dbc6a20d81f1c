/**
 * The thin React side of the call core: one call per session while the screen is shown (disposed on leaving the
 * page), and its state through `useSyncExternalStore`.
 */
import type { TRole, TVideoData } from '@therapy/contract';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createCall } from '../core/create-call.ts';
import { browserMediaEnv } from '../core/media-env.ts';
import type { TCallState } from '../core/types.ts';
import type { TVideoCall } from '../core/video-call.ts';
import { callReporterFor } from '../lib/call-reporter.ts';

/** `?ice=relay` forces TURN: how the TURN e2e proves media really goes through the relay. */
function iceTransportPolicyFromUrl(): RTCIceTransportPolicy | undefined {
  return new URLSearchParams(window.location.search).get('ice') === 'relay' ? 'relay' : undefined;
}

export function useVideoCall(options: {
  videoData: TVideoData;
  role: TRole;
  selfName: string;
  refreshVideoData: () => Promise<TVideoData>;
}): TVideoCall | null {
  const latest = useRef(options);
  latest.current = options;
  const [call, setCall] = useState<TVideoCall | null>(null);
  const slotId = options.videoData.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one call per session; a refreshed token does not start another.
  useEffect(() => {
    const { videoData, role, selfName } = latest.current;
    const created = createCall({
      videoData,
      role,
      selfName,
      env: browserMediaEnv(),
      reporter: callReporterFor(role),
      refreshVideoData: () => latest.current.refreshVideoData(),
      iceTransportPolicy: iceTransportPolicyFromUrl(),
    });
    setCall(created);
    return () => {
      created.dispose();
      setCall(null);
    };
  }, [slotId]);

  return call;
}

export function useCallState(call: TVideoCall): TCallState {
  return useSyncExternalStore(call.subscribe, call.getSnapshot, call.getSnapshot);
}
