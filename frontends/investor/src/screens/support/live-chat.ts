// The live-chat widget (spec sections 1 and 2): a third-party provider's script, loaded with a key, both set
// by an admin in General settings (`liveChatScriptUrl`, `liveChatKey`; empty: not configured). The script
// is added to the page once; the Live Chat card opens the widget when it is ready and otherwise shows the
// spec's "Chat Loading" toast. Providers expose different calls to open their window: the widely used ones
// are tried in turn (docs/decisions/0042-account-screens.md).
import { useEffect, useSyncExternalStore } from 'react';

export type ChatState = 'off' | 'loading' | 'ready' | 'failed';

export interface ChatSettings {
  liveChatScriptUrl: string;
  liveChatKey: string;
}

/** `{key}` in the address is replaced by the key (providers such as tawk.to put the key in the path). */
export const chatScriptSrc = ({ liveChatScriptUrl, liveChatKey }: ChatSettings): string | null =>
  liveChatScriptUrl ? liveChatScriptUrl.replaceAll('{key}', encodeURIComponent(liveChatKey)) : null;

interface ChatWindow {
  Tawk_API?: { maximize?: () => void };
  $crisp?: { push: (command: unknown[]) => void };
  Intercom?: (command: string) => void;
}

/** Opens the widget through its provider's call; false when no known call is there (yet). */
export function openChatWidget(target: ChatWindow): boolean {
  if (typeof target.Tawk_API?.maximize === 'function') {
    target.Tawk_API.maximize();
    return true;
  }
  if (typeof target.$crisp?.push === 'function') {
    target.$crisp.push(['do', 'chat:open']);
    return true;
  }
  if (typeof target.Intercom === 'function') {
    target.Intercom('show');
    return true;
  }
  return false;
}

// One script per page, whichever screen asked first; its state is shared by every reader.
let state: { src: string | null; value: ChatState } = { src: null, value: 'off' };
const listeners = new Set<() => void>();
const setState = (src: string | null, value: ChatState) => {
  state = { src, value };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function loadScript(src: string, key: string): void {
  if (state.src === src) return;
  setState(src, 'loading');
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.chatKey = key;
  script.onload = () => setState(src, 'ready');
  script.onerror = () => setState(src, 'failed');
  document.body.appendChild(script);
}

/** Loads the configured script (once) and answers its state; 'off' while settings are unknown or empty. */
export function useLiveChat(settings: ChatSettings | undefined): ChatState {
  const src = settings ? chatScriptSrc(settings) : null;
  const key = settings?.liveChatKey ?? '';
  useEffect(() => {
    if (src) loadScript(src, key);
  }, [src, key]);
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  if (!src) return 'off';
  return current.src === src ? current.value : 'loading';
}
