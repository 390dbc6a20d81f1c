/**
 * The provider boundary: the video data says which provider runs the call (`app_id`). Today only 'builtin' (our
 * signaling and peer-to-peer media); an SFU provider would be another `TVideoCall` behind the same screens.
 */
import { createVideoCall, type TVideoCall, type TVideoCallOptions } from './video-call.ts';

export function createCall(options: TVideoCallOptions): TVideoCall {
  switch (options.videoData.app_id) {
    case 'builtin':
      return createVideoCall(options);
  }
}
