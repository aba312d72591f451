// Remotes load lazily from their mf-manifest.json, registered at run time so that a remote being down
// affects only its own area. A remote that cannot be fetched, or that throws while rendering, shows a
// message there; the shell around it keeps working.
import { Component, lazy, Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { loadExposed } from './remote-registry.ts';
import { dropPrerenderedLanding, prerenderedLandingShown } from './first-screen.ts';
import { PageSpinner } from '@cropvest/ui/spinner';
import { englishText } from '@cropvest/ui/i18n';
import { buttonClass } from '@cropvest/ui/button-class';
import type { PublicPageName } from '@cropvest/web-kit';
import { Link, useLocation } from '@cropvest/web-kit/router';
import {
  matchScreen,
  ScreenOutlet,
  useScreenRoutes,
  type ScreenArea,
  type ScreenRoute,
} from '@cropvest/web-kit/screens';
import { NotFoundPage } from './NotFoundPage.tsx';
import { SHELL_MESSAGES, useShellMessages, type ShellMessageId } from './messages/catalogue.ts';

// Loaded only when a remote fails.
const RemoteUnavailable = lazy(() =>
  import('@cropvest/ui/remote-unavailable').then((m) => ({ default: m.RemoteUnavailable })),
);

/** Committed with whatever replaces a loading area, so the prerendered first screen leaves in that frame. */
function ReplacesPrerenderedLanding() {
  useLayoutEffect(dropPrerenderedLanding, []);
  return null;
}

/** What a loading or unavailable area is called, in the page's language. */
type AreaName = ShellMessageId & `shell.area.${string}`;

/** The area's English name for the console ("investor area"): a developer reads it, not the page's visitor. */
const areaInLog = (area: AreaName): string => englishText(SHELL_MESSAGES, area);

/** While the prerendered first screen of the landing page is showing, a spinner below it would only flicker. */
function RemoteLoading({ area }: { area: AreaName }) {
  const { text } = useShellMessages();
  return prerenderedLandingShown() ? null : (
    <PageSpinner label={text('shell.area.loading', { area: text(area) })} />
  );
}

function Unavailable({ area }: { area: AreaName }) {
  const { text } = useShellMessages();
  return <RemoteUnavailable area={text(area)} onRetry={() => window.location.reload()} />;
}

/** A failed area with no layout of its own around it is the page's main content: its landmark (WCAG 1.3.1). */
function UnavailablePage({ area, children }: { area: AreaName; children?: ReactNode }) {
  return (
    <main id="main">
      <Unavailable area={area} />
      {children}
    </main>
  );
}

class RemoteBoundary extends Component<{ area: AreaName; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`The ${areaInLog(this.props.area)} failed`, error);
  }
  override render() {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <UnavailablePage area={this.props.area} />
        <ReplacesPrerenderedLanding />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}

type Loaded<P> = { default: ComponentType<P> };

function remote<P extends object>(area: AreaName, load: () => Promise<Loaded<P>>, fallback?: ReactNode) {
  const Lazy = lazy(() =>
    load().catch((error: unknown) => {
      console.error(`Could not load the ${areaInLog(area)}`, error);
      const Failed = () => <UnavailablePage area={area}>{fallback}</UnavailablePage>;
      return { default: Failed as unknown as ComponentType<P> };
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
function AccountLinks() {
  const { text } = useShellMessages();
  return (
    <nav aria-label={text('shell.area.account')} className="flex justify-center gap-3">
      <Link to="/login" className={buttonClass('primary')}>
        {text('shell.login.submit')}
      </Link>
      <Link to="/register" className={buttonClass('outline')}>
        {text('shell.area.createAccount')}
      </Link>
    </nav>
  );
}

/** A component a remote exposes as its default export. */
const exposed =
  <P extends object>(id: string) =>
  (): Promise<Loaded<P>> =>
    loadExposed<Loaded<P>>(id).then((module) => {
      if (!module.default) throw new Error(`${id} has no default export`);
      return module;
    });

type AreaLayout = ComponentType<{ routes: readonly ScreenRoute[]; children: ReactNode }>;

/**
 * A signed-in area: the shell's layout with the sidebar built from the remote's route list, and the screen
 * the address names. A path the area does not know is the full-page 404, as for any unknown path.
 */
const signedInArea =
  (area: AreaName, routesId: string, loadLayout: () => Promise<{ default: AreaLayout }>) =>
  async (): Promise<Loaded<object>> => {
    const [{ default: Layout }, screens] = await Promise.all([
      loadLayout(),
      loadExposed<{ default: ScreenArea }>(routesId).then(
        (module) => (Array.isArray(module.default?.screens) ? module.default : null),
        (error: unknown) => {
          console.error(`Could not load ${routesId}`, error);
          return null;
        },
      ),
    ]);
    // The remote is down: the frame stays (balance, Sign Out) with the message where the screen would be.
    if (!screens)
      return {
        default: function AreaUnavailable() {
          return (
            <Layout routes={[]}>
              <Suspense fallback={null}>
                <Unavailable area={area} />
              </Suspense>
            </Layout>
          );
        },
      };
    return {
      default: function SignedInArea() {
        const routes = useScreenRoutes(screens);
        const match = matchScreen(routes, useLocation().pathname);
        if (!match) return <NotFoundPage />;
        return (
          <Layout routes={routes}>
            <ScreenOutlet match={match} fallback={<PageSpinner />} />
          </Layout>
        );
      },
    };
  };

export const Landing = remote<{ signedIn?: boolean }>(
  'shell.area.landing',
  exposed('landing/Landing'),
  <AccountLinks />,
);
export const PublicPage = remote<{ page: PublicPageName }>('shell.area.page', exposed('landing/PublicPage'));
export const InvestorArea = remote(
  'shell.area.investor',
  signedInArea('shell.area.investor', 'investor/routes', () => import('./layouts/InvestorLayout.tsx')),
);
export const AdminArea = remote(
  'shell.area.admin',
  signedInArea('shell.area.admin', 'admin/routes', () => import('./layouts/AdminLayout.tsx')),
);
