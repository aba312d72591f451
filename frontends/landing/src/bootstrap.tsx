// The landing remote on its own (`npm run dev -w @cropvest/web-landing`): its own store and router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { useLocation } from '@cropvest/web-kit/router';
import { createAppStore, PUBLIC_PAGE_NAMES } from '@cropvest/web-kit';
import { Toaster } from '@cropvest/ui/toaster';
import Landing from './Landing.tsx';
import PublicPage from './PublicPage.tsx';
import './styles.css';

function Standalone() {
  const { pathname } = useLocation();
  const page = PUBLIC_PAGE_NAMES.find((p) => pathname.endsWith(`/${p}`));
  return page ? <PublicPage page={page} /> : <Landing />;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <Provider store={createAppStore()}>
      <Standalone />
      <Toaster />
    </Provider>
  </StrictMode>,
);
