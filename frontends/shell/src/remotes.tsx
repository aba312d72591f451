// Remotes load lazily from their mf-manifest.json, registered at run time so that a remote being down
// affects only its own area. A remote that cannot be fetched, or that throws while rendering, shows a
// message there; the shell around it keeps working.
import { Component, lazy, Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { loadExposed } from './remote-registry.ts';
import { dropPrerenderedLanding, prerenderedLandingShown } from './first-screen.ts';
import { PageSpinner } from '@cropvest/ui/spinner';
import { buttonClass } from '@cropvest/ui/button-class';
import { Link } from '@cropvest/web-kit/router';

// Loaded only when a remote fails.
const RemoteUnavailable = lazy(() =>
  import('@cropvest/ui/remote-unavailable').then((m) => ({ default: m.RemoteUnavailable })),
);

/** Committed with whatever replaces a loading area, so the prerendered first screen leaves in that frame. */
function ReplacesPrerenderedLanding() {
  useLayoutEffect(dropPrerenderedLanding, []);
  return null;
}

/** While the prerendered first screen of the landing page is showing, a spinner below it would only flicker. */
function RemoteLoading({ area }: { area: string }) {
  return prerenderedLandingShown() ? null : <PageSpinner label={`Loading the ${area}…`} />;
}

class RemoteBoundary extends Component<{ area: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.area} failed`, error);
  }
  override render() {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <RemoteUnavailable area={this.props.area} onRetry={() => window.location.reload()} />
        <ReplacesPrerenderedLanding />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}

function remote<P extends object>(area: string, id: string, fallback?: ReactNode) {
  const Lazy = lazy(() =>
    loadExposed<{ default: ComponentType<P> }>(id)
      .then((module) => {
        if (!module.default) throw new Error(`${id} has no default export`);
        return module;
      })
      .catch((error: unknown) => {
        console.error(`Could not load the ${area}`, error);
        const Unavailable = () => (
          <>
            <RemoteUnavailable area={area} onRetry={() => window.location.reload()} />
            {fallback}
          </>
        );
        return { default: Unavailable as unknown as ComponentType<P> };
      }),
  );
  return function RemoteArea(props: P) {
    return (
      <RemoteBoundary area={area}>
        <Suspense fallback={<RemoteLoading area={area} />}>
          <Lazy {...props} />
          <ReplacesPrerenderedLanding />
        </Suspense>
      </RemoteBoundary>
    );
  };
}

/** While the landing page is down, visitors can still sign in or register: those pages belong to the shell. */
const accountLinks = (
  <nav aria-label="Account" className="flex justify-center gap-3">
    <Link to="/login" className={buttonClass('primary')}>
      Sign In
    </Link>
    <Link to="/register" className={buttonClass('outline')}>
      Create an account
    </Link>
  </nav>
);

export const Landing = remote<{ signedIn?: boolean }>('landing page', 'landing/Landing', accountLinks);
export const PublicPage = remote<{ page: 'terms' | 'privacy' | 'support-info' }>(
  'page',
  'landing/PublicPage',
);
export const InvestorApp = remote<object>('investor area', 'investor/InvestorApp');
export const AdminApp = remote<object>('admin area', 'admin/AdminApp');
