// Screen routes: each remote exports the list of its screens (path with parameters, sidebar place, page
// title, lazily loaded screen) with the catalogue their names are in. The shell builds its router and the
// sidebars from these lists, so adding a screen touches one remote only (ARCHITECTURE.md section 9).
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useMessages, type Catalogue } from '@cropvest/ui/i18n';
import type { RouteGroup } from './navigation.ts';
import { normalisePath } from './route-guard.ts';
import { useLocation } from './router.tsx';

/** A screen as its remote declares it: its names are ids in the remote's catalogue of screen names. */
export interface ScreenDefinition<Name extends string = string> {
  /** "/admin/users/:id": a ":name" segment matches one path segment and becomes a parameter. */
  path: string;
  /** The page title (the browser tab reads "<title> — CropVest"). */
  title: Name;
  /** Where the screen sits in the sidebar; screens reached only by links (a user's page) have none. */
  nav?: { group: Name; label: Name };
  screen: LazyScreen;
}

/** A screen with its names in the page's language, as the shell's router and sidebars use it. */
export type ScreenRoute = ScreenDefinition;

/** What each remote's `routes` module exports: its screens and the catalogue their names are in. */
export interface ScreenArea {
  names: Catalogue<string>;
  screens: readonly ScreenDefinition[];
}

export const screenArea = <Name extends string>(
  names: Catalogue<Name>,
  screens: readonly ScreenDefinition<Name>[],
): ScreenArea => ({ names, screens });

/** The area's screens with their names in words: `name` turns an id into the words. */
export const namedScreens = (area: ScreenArea, name: (id: string) => string): ScreenRoute[] =>
  area.screens.map(({ title, nav, ...screen }) => ({
    ...screen,
    title: name(title),
    ...(nav ? { nav: { group: name(nav.group), label: name(nav.label) } } : {}),
  }));

/** The area's screens named in the page's language (the page renders afresh when the language changes). */
export function useScreenRoutes(area: ScreenArea): ScreenRoute[] {
  const { text } = useMessages(area.names);
  return useMemo(() => namedScreens(area, text), [area, text]);
}

/** A lazily loaded screen that can also be fetched ahead of its first render. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };

/**
 * A screen loaded with its first render, or earlier through `preload`: the shell starts fetching the screen an
 * address names while the session is still being checked (the bundler loads a chunk once, so both share it).
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  return Object.assign(lazy(load), { preload: load });
}

export interface ScreenMatch {
  route: ScreenRoute;
  params: Readonly<Record<string, string>>;
}

function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = normalisePath(pathname).split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = have[index] as string;
    if (segment.startsWith(':')) {
      if (!actual) return null;
      params[segment.slice(1)] = decodeURIComponent(actual);
    } else if (segment !== actual) return null;
  }
  return params;
}

/** The screen a path shows; a literal route wins over one with parameters ("/admin/users/manage" vs ":id"). */
export function matchScreen(routes: readonly ScreenRoute[], pathname: string): ScreenMatch | null {
  let best: ScreenMatch | null = null;
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params && (!best || Object.keys(params).length < Object.keys(best.params).length))
      best = { route, params };
  }
  return best;
}

/**
 * What a signed-in area's command palette takes from the shell's layout (docs/decisions/0111): whether it is open,
 * and the routes the sidebar is built from, so it offers the same screens.
 */
export interface AreaCommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  routes: readonly ScreenRoute[];
}

/** The sidebar groups of a route list, in the order their first screen appears. */
export function sidebarGroups(routes: readonly ScreenRoute[]): RouteGroup[] {
  const groups: RouteGroup[] = [];
  for (const route of routes) {
    if (!route.nav) continue;
    let group = groups.find((g) => g.title === route.nav?.group);
    if (!group) {
      group = { title: route.nav.group, links: [] };
      groups.push(group);
    }
    group.links.push({ to: route.path, label: route.nav.label });
  }
  return groups;
}

const ParamsContext = createContext<Readonly<Record<string, string>>>({});

/** The current screen's path parameters ({ id } on "/admin/users/:id"). */
export const useRouteParams = <K extends string>(): Readonly<Record<K, string | undefined>> =>
  useContext(ParamsContext);

/** Renders the matched screen with its parameters, and names the page after it. */
export function ScreenOutlet({ match, fallback }: { match: ScreenMatch; fallback: ReactNode }) {
  const { route, params } = match;
  const Screen = route.screen;
  useEffect(() => {
    document.title = `${route.title} — CropVest`;
  }, [route.title]);
  return (
    <ParamsContext.Provider value={params}>
      <Suspense fallback={fallback}>
        <Screen />
      </Suspense>
    </ParamsContext.Provider>
  );
}

/** The screen for the current address in `area`, or `notFound` (a remote running on its own uses it). */
export function RoutedScreen({
  area,
  fallback,
  notFound,
}: {
  area: ScreenArea;
  fallback: ReactNode;
  notFound: ReactNode;
}) {
  const match = matchScreen(useScreenRoutes(area), useLocation().pathname);
  return match ? <ScreenOutlet match={match} fallback={fallback} /> : <>{notFound}</>;
}
