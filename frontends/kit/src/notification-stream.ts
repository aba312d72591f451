// The live notification stream (GET /api/notifications/stream, docs/decisions/0011): one connection per
// signed-in tab, held by the investor and admin layouts. Its `unread-count` events write the shared unread
// count (the sidebar badge and the dashboard's Updates button read it), each `notification` event refreshes
// the Notifications list, so nothing waits for the 30-second poll, which runs only while the stream is down,
// and each `changed` event makes the open screens read again what someone else changed (live-changes.ts,
// docs/decisions/0105); after a drop, everything it could have said is read again.
// It is read with fetch and the Authorization header (EventSource cannot send it); the server ends the
// stream when the access token expires, and the client reconnects by itself through the session's refresh
// rule, backing off while the server cannot be reached.
import { useEffect, useState } from 'react';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { NOTIFICATION_STREAM_EVENTS } from '@cropvest/contracts/notify/notification-stream';
import { notificationOperations } from '@cropvest/contracts/browser-operations';
import { api, fetchWithSession } from './api.ts';
import { ALL_LIVE_TAGS, liveChangeBatcher } from './live-changes.ts';
import { operationRequest } from './operations.ts';
import { useAppDispatch, type AppDispatch } from './store.ts';

/** First wait after a drop, doubled on each failure up to the ceiling, with jitter so tabs do not align. */
export const STREAM_RETRY_MIN_MS = 1_000;
export const STREAM_RETRY_MAX_MS = 30_000;

export const retryDelay = (failures: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(STREAM_RETRY_MAX_MS, STREAM_RETRY_MIN_MS * 2 ** failures);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};

/** The Notifications list's tag: a new notification changes every page and tab of it. */
export const NOTIFICATION_LIST_TAG = { type: 'Notifications' as const, id: 'LIST' };

type Batcher = ReturnType<typeof liveChangeBatcher>;

function handleEvent(dispatch: AppDispatch, changes: Batcher, message: EventSourceMessage): void {
  if (message.event === NOTIFICATION_STREAM_EVENTS.changed) {
    const { topics } = JSON.parse(message.data) as { topics: string[] };
    changes.add(topics);
  } else if (message.event === NOTIFICATION_STREAM_EVENTS.unreadCount) {
    const { count } = JSON.parse(message.data) as { count: number };
    void dispatch(api.util.upsertQueryData('unreadCount', undefined, { count }));
  } else if (message.event === NOTIFICATION_STREAM_EVENTS.notification) {
    dispatch(api.util.invalidateTags([NOTIFICATION_LIST_TAG]));
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Reads one connection to its end; answers whether it was opened (so the back-off starts again). */
async function readOnce(
  dispatch: AppDispatch,
  signal: AbortSignal,
  setLive: (live: boolean) => void,
  reconnecting: boolean,
): Promise<'opened' | 'refused' | 'failed'> {
  const response = await fetchWithSession(
    operationRequest(notificationOperations.notificationStream),
    signal,
  );
  // 401 after the refresh rule ran means the session is over (the shell signs out); 403: banned.
  if (response.status === 401 || response.status === 403) return 'refused';
  if (!response.ok || !response.body) return 'failed';
  setLive(true);
  // Whatever arrived while disconnected is in the list now, and the screens may have missed changes.
  dispatch(
    api.util.invalidateTags(
      reconnecting ? [NOTIFICATION_LIST_TAG, ...ALL_LIVE_TAGS] : [NOTIFICATION_LIST_TAG],
    ),
  );
  const changes = liveChangeBatcher(dispatch);
  const parser = createParser({ onEvent: (message) => handleEvent(dispatch, changes, message) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'opened';
      parser.feed(value);
    }
  } finally {
    changes.flush();
    setLive(false);
  }
}

async function keepConnected(dispatch: AppDispatch, signal: AbortSignal, setLive: (live: boolean) => void) {
  let failures = 0;
  let connectedBefore = false;
  while (!signal.aborted) {
    let outcome: Awaited<ReturnType<typeof readOnce>>;
    try {
      outcome = await readOnce(
        dispatch,
        signal,
        (live) => {
          setLive(live);
          if (live) connectedBefore = true;
        },
        connectedBefore,
      );
    } catch {
      outcome = 'failed';
    }
    if (signal.aborted || outcome === 'refused') return;
    failures = outcome === 'opened' ? 0 : failures + 1;
    await pause(retryDelay(failures), signal);
  }
}

/**
 * Holds the stream while mounted (the area's layout, so every screen shares it) and answers whether it is
 * connected; the caller polls the unread count only when it is not.
 */
export function useNotificationStream(): boolean {
  const dispatch = useAppDispatch();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void keepConnected(dispatch, controller.signal, setLive);
    return () => controller.abort();
  }, [dispatch]);
  return live;
}
