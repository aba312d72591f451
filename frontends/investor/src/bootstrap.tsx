// The investor remote on its own (`npm run dev -w @cropvest/web-investor`): its own store, session and router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createAppStore, loadSession } from '@cropvest/web-kit';
import { Toaster } from '@cropvest/ui/toaster';
import { RoutedScreen } from '@cropvest/web-kit/screens';
import { NotFound } from '@cropvest/ui/not-found';
import { PageSpinner } from '@cropvest/ui/spinner';
import routes from './routes.ts';
import './styles.css';

const store = createAppStore();
void loadSession(store.dispatch);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <main id="main" className="mx-auto max-w-7xl p-6">
        <RoutedScreen routes={routes} fallback={<PageSpinner />} notFound={<NotFound standalone={false} />} />
      </main>
      <Toaster />
    </Provider>
  </StrictMode>,
);
