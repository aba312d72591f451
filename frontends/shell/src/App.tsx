// The shell's routing (spec section 2): one decision per path and session, from route-guard.ts.
import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { Navigate, useLocation } from '@cropvest/web-kit/router';
import {
  resolveRoute,
  selectSession,
  useAppSelector,
  type PublicPageName,
  type RouteDecision,
} from '@cropvest/web-kit';
import { PageSpinner } from '@cropvest/ui/spinner';
import { AdminArea, InvestorArea, Landing, PublicPage } from './remotes.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { dropPrerenderedLanding } from './first-screen.ts';
import {
  loadApproveDevicePage,
  loadChangePasswordPage,
  loadConfirmEmailPage,
  loadLoginPage,
  loadRegisterPage,
  loadFreezePage,
  loadResetPasswordPage,
  loadUnfreezeConfirmPage,
  loadUnfreezePage,
} from './auth/pages.ts';
import { useShellMessages, type ShellMessageId } from './messages/catalogue.ts';

// The auth forms load only when needed, keeping the landing page light; each one is the whole page of its route.
const AUTH_PAGES = {
  login: lazy(loadLoginPage),
  register: lazy(loadRegisterPage),
  'confirm-email': lazy(loadConfirmEmailPage),
  'reset-password': lazy(loadResetPasswordPage),
  'change-password': lazy(loadChangePasswordPage),
  'approve-device': lazy(loadApproveDevicePage),
  freeze: lazy(loadFreezePage),
  unfreeze: lazy(loadUnfreezePage),
  'unfreeze-confirm': lazy(loadUnfreezeConfirmPage),
} satisfies Partial<Record<RouteDecision['kind'], ComponentType>>;

const TITLES: Partial<Record<RouteDecision['kind'], ShellMessageId>> = {
  landing: 'shell.title.landing',
  login: 'shell.title.login',
  register: 'shell.title.register',
  'confirm-email': 'shell.title.confirmEmail',
  'reset-password': 'shell.title.resetPassword',
  'change-password': 'shell.title.changePassword',
  'approve-device': 'shell.title.approveDevice',
  freeze: 'shell.title.freeze',
  unfreeze: 'shell.title.unfreeze',
  'unfreeze-confirm': 'shell.title.unfreeze',
  'not-found': 'shell.title.notFound',
};

export function App() {
  const session = useAppSelector(selectSession);
  const { pathname } = useLocation();
  const decision = resolveRoute(pathname, session);
  const { text } = useShellMessages();

  useEffect(() => {
    const title = TITLES[decision.kind];
    if (title) document.title = text(title);
  }, [decision.kind, text]);
  // The prerendered first screen of the landing page stays only while the landing page is on its way.
  useLayoutEffect(() => {
    if (decision.kind !== 'landing') dropPrerenderedLanding();
  }, [decision.kind]);

  switch (decision.kind) {
    case 'loading':
      return <PageSpinner label={text('shell.loadingSession')} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'landing':
      return <Landing signedIn={false} />;
    case 'public':
      return <PublicPage page={pathname.replace(/\/+$/, '').slice(1) as PublicPageName} />;
    case 'login':
    case 'register':
    case 'confirm-email':
    case 'reset-password':
    case 'change-password':
    case 'approve-device':
    case 'freeze':
    case 'unfreeze':
    case 'unfreeze-confirm': {
      const AuthPage = AUTH_PAGES[decision.kind];
      return (
        <Suspense fallback={<PageSpinner />}>
          <AuthPage />
        </Suspense>
      );
    }
    case 'investor':
      return <InvestorArea />;
    case 'admin':
      return <AdminArea />;
    case 'not-found':
      return <NotFoundPage />;
  }
}
