// A remote on its own (`npm run dev -w @cropvest/web-admin` or `-w @cropvest/web-investor`): its own store, session
// and router, without the shell around it, so one area can be worked on alone.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { NotFound } from '@cropvest/ui/not-found';
import { PageSpinner } from '@cropvest/ui/spinner';
import { Toaster } from '@cropvest/ui/toaster';
import { RoutedScreen, type ScreenArea } from './screens.tsx';
import { loadSession } from './session.ts';
import { createAppStore } from './store.ts';

/** Renders the remote's screens into #root with a store and session of their own. */
export function renderStandalone(area: ScreenArea): void {
  const store = createAppStore();
  void loadSession(store.dispatch);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <main id="main" className="mx-auto max-w-7xl p-6">
          <RoutedScreen area={area} fallback={<PageSpinner />} notFound={<NotFound standalone={false} />} />
        </main>
        <Toaster />
      </Provider>
    </StrictMode>,
  );
}
