import { useEffect, useState } from 'react';
import { INSPECT_CHANNEL, type InspectMessage, type InspectSnapshot } from '../../app/inspectChannel';

/** How many of the live app's last events the studio lists. */
const KEPT = 30;

/**
 * The app's snapshots, newest first, from its inspection channel (src/app/inspectChannel.ts):
 * an app tab opened with `?inspect` on this origin. A studio opened after the app asks it where
 * it is now.
 */
export function useLiveApp(): InspectSnapshot[] {
  const [snapshots, setSnapshots] = useState<InspectSnapshot[]>([]);
  useEffect(() => {
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    channel.onmessage = (message: MessageEvent<InspectMessage>) => {
      const data = message.data;
      if (data?.kind === 'snapshot') setSnapshots((before) => [data, ...before].slice(0, KEPT));
    };
    channel.postMessage({ kind: 'hello' } satisfies InspectMessage);
    return () => channel.close();
  }, []);
  return snapshots;
}
