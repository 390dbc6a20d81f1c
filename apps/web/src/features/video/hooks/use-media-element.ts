import { type RefObject, useEffect } from 'react';

/** Keeps a <video>/<audio> element playing a stream; `version` re-attaches it when tracks were swapped in place. */
export function useMediaElement(
  ref: RefObject<HTMLMediaElement | null>,
  stream: MediaStream | null,
  version = 0,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says the stream's tracks changed in place.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    else if (stream) {
      // The same stream with a new track: some browsers only notice after re-attaching.
      element.srcObject = null;
      element.srcObject = stream;
    }
    if (stream) void element.play?.()?.catch(() => undefined);
  }, [ref, stream, version]);
}
