import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { createAppStore, loadSession, takeFlash } from '@cropvest/web-kit';
import { toast, Toaster } from '@cropvest/ui/toast';
import { App } from './App.tsx';
import './styles.css';

const store = createAppStore();
void loadSession(store.dispatch);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
      <Toaster />
    </Provider>
  </StrictMode>,
);

// A toast left by a hard redirect (logout) shows once on the page it led to.
const flash = takeFlash();
if (flash) setTimeout(() => toast(flash), 0);
