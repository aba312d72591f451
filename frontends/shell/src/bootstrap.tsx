import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import {
  createAppStore,
  LOGGED_OUT_MESSAGE,
  loadSession,
  SESSION_ENDED_MESSAGE,
  takeFlash,
} from '@cropvest/web-kit';
import { LocaleRoot } from '@cropvest/ui/i18n';
import { KnownTexts } from '@cropvest/web-kit/known-texts';
import { matchScreen, type ScreenRoute } from '@cropvest/web-kit/screens';
import { currentToasts, subscribeToasts, toast } from '@cropvest/ui/toast';
import { App } from './App.tsx';
import { loadExposed, signedInAreaOf } from './remote-registry.ts';
import { useShellMessages, type ShellMessageId } from './messages/catalogue.ts';

// The toast area (Radix Toast) loads with the first toast, or when F8 asks for it; until then toasts wait
// in the queue, so the landing page does not carry its code.
const Toaster = lazy(() => import('@cropvest/ui/toaster').then((m) => ({ default: m.Toaster })));

function ToastHost() {
  const [wanted, setWanted] = useState<false | 'toast' | 'f8'>(() =>
    currentToasts().length ? 'toast' : false,
  );
  useEffect(() => {
    if (wanted) return;
    const unsubscribe = subscribeToasts(() => setWanted('toast'));
    // A toast raised between this render and the subscription (the flash notice's effect runs first) is waiting.
    if (currentToasts().length) setWanted('toast');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') setWanted('f8');
    };
    window.addEventListener('keydown', onKey);
    return () => {
      unsubscribe();
      window.removeEventListener('keydown', onKey);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster focusOnMount={wanted === 'f8'} />
    </Suspense>
  ) : null;
}

const store = createAppStore();
void loadSession(store.dispatch);

// The screen a signed-in address names is fetched while the session is checked; the route guard still decides
// whether it is shown (a chunk of code is no secret, the data behind it is checked by the server).
const area = window.localStorage.getItem('accessToken')
  ? signedInAreaOf(window.location.pathname)
  : undefined;
if (area)
  void loadExposed<{ default: ScreenRoute[] }>(area.routes)
    .then(({ default: routes }) => matchScreen(routes, window.location.pathname)?.route.screen.preload?.())
    .catch(() => undefined);

// The web kit's own notices, said in the page's language; any other flash (a suspension's reason) is the
// server's words and shows as written.
const KIT_NOTICES: Record<string, ShellMessageId> = {
  [SESSION_ENDED_MESSAGE]: 'shell.session.ended',
  [LOGGED_OUT_MESSAGE]: 'shell.session.loggedOut',
};

/** A toast left by a hard redirect (logout, a session that ended) shows once on the page it led to. */
function FlashNotice() {
  const { text } = useShellMessages();
  useEffect(() => {
    const flash = takeFlash();
    if (!flash) return;
    const notice = KIT_NOTICES[flash.title];
    toast(notice ? { ...flash, title: text(notice) } : flash);
  }, [text]);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <LocaleRoot>
        <KnownTexts />
        <App />
        <FlashNotice />
      </LocaleRoot>
      <ToastHost />
    </Provider>
  </StrictMode>,
);
