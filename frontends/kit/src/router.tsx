// A small client-side router over the History API, shared by the shell and every remote. The shell decides
// what a path shows with resolveRoute() (route-guard.ts), so all the front end needs from a router is the
// current location, navigation, links and redirects. The location lives in the browser itself, and every
// navigation is broadcast as a window event, so each copy of this module (a remote running on its own has
// its own) sees the same location.
import {
  forwardRef,
  useCallback,
  useEffect,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
} from 'react';

const NAVIGATE_EVENT = 'cropvest:navigate';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

let snapshot: Location | null = null;
function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  if (!snapshot || snapshot.pathname !== pathname || snapshot.search !== search || snapshot.hash !== hash)
    snapshot = { pathname, search, hash };
  return snapshot;
}
function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATE_EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATE_EVENT, listener);
  };
}
const serverLocation: Location = { pathname: '/', search: '', hash: '' };

export interface NavigateOptions {
  replace?: boolean;
  /** False keeps the scroll position (a query parameter that opens a dialog, say); true by default. */
  scroll?: boolean;
}

/** Goes to a path inside the app without reloading the page. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const target = new URL(to, window.location.href);
  const current = window.location;
  if (target.origin !== current.origin) {
    window.location.assign(target.href);
    return;
  }
  const url = `${target.pathname}${target.search}${target.hash}`;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
  if (options.scroll === false) return;
  if (target.hash) document.getElementById(decodeURIComponent(target.hash.slice(1)))?.scrollIntoView();
  else window.scrollTo(0, 0);
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, readLocation, () => serverLocation);
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useCallback((to: string, options?: NavigateOptions) => navigate(to, options), []);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/** An anchor that navigates inside the app; modified clicks, new tabs and downloads behave as usual. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, onClick, target, children, ...props },
  ref,
) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    if (target && target !== '_self') return;
    if (props.download !== undefined) return;
    event.preventDefault();
    navigate(to, replace ? { replace } : {});
  };
  return (
    <a ref={ref} href={to} target={target} onClick={handleClick} {...props}>
      {children}
    </a>
  );
});

/** Redirects as soon as it renders. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => {
    navigate(to, { replace: replace ?? false });
  }, [to, replace]);
  return null;
}
