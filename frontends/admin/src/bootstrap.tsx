// The admin remote on its own (`npm run dev -w @cropvest/web-admin`): its own store, session and router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from '@cropvest/web-kit/router';
import { createAppStore, loadSession } from '@cropvest/web-kit';
import { Toaster } from '@cropvest/ui/toaster';
import AdminApp from './AdminApp.tsx';
import './styles.css';

const store = createAppStore();
void loadSession(store.dispatch);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <main id="main" className="mx-auto max-w-7xl p-6">
          <AdminApp />
        </main>
      </BrowserRouter>
      <Toaster />
    </Provider>
  </StrictMode>,
);
