// The signed-in frame: a fixed sidebar on large screens, a slide-in drawer with a menu button on small ones.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from '@cropvest/web-kit/router';
import { LogOut, Menu, Sprout } from 'lucide-react';
import { logout, useAppDispatch, type RouteGroup } from '@cropvest/web-kit';
import { Drawer } from '@cropvest/ui/dialog';
import { SidebarNav, type NavGroup } from '@cropvest/ui/sidebar';
import { cn } from '@cropvest/ui/cn';
import { PRODUCT_NAME } from '@cropvest/ui/brand';
import { useShellMessages } from '../messages/catalogue.ts';
import { ShellLanguageSwitch, ShellThemeSwitch } from './Preferences.tsx';

export interface FrameProps {
  label: string;
  groups: (RouteGroup & { links: (RouteGroup['links'][number] & { badge?: ReactNode })[] })[];
  initiallyOpen: 'all' | string[];
  /** Tailwind width class of the large-screen sidebar (w-72 investor, w-64 admin). */
  widthClass: 'w-72' | 'w-64';
  offsetClass: 'lg:ps-72' | 'lg:ps-64';
  header: ReactNode;
  /** Shown at the right of the top bar at every width (the admin area's search); without it the bar is phone-only. */
  actions?: ReactNode;
  children: ReactNode;
}

export function Frame({
  label,
  groups,
  initiallyOpen,
  widthClass,
  offsetClass,
  header,
  actions,
  children,
}: FrameProps) {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { text } = useShellMessages();
  useEffect(() => setDrawerOpen(false), [pathname]);

  const sidebar = (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center justify-between gap-2 border-b border-border px-5">
        <Link to="/" className="inline-flex items-center gap-2 text-lg font-bold text-brand-ink">
          <Sprout aria-hidden="true" className="h-6 w-6" /> {PRODUCT_NAME}
        </Link>
        <ShellThemeSwitch />
      </div>
      <div className="border-b border-border px-5 py-4">{header}</div>
      <SidebarNav
        label={label}
        groups={groups as NavGroup[]}
        currentPath={pathname.replace(/\/+$/, '')}
        initiallyOpen={initiallyOpen}
        renderLink={(link, props) => (
          <Link to={link.to} className={props.className} aria-current={props['aria-current']}>
            {props.children}
          </Link>
        )}
      />
      <div className="space-y-2 border-t border-border p-3">
        <ShellLanguageSwitch className="w-full [&>select]:w-full" />
        <button
          type="button"
          onClick={() => void logout(dispatch)}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-danger-ink hover:bg-danger-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          <LogOut aria-hidden="true" className="h-4 w-4" /> {text('shell.frame.signOut')}
        </button>
      </div>
    </div>
  );

  return (
    <div className="min-h-screen bg-surface-muted">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-surface focus:px-3 focus:py-2 focus:shadow"
      >
        {text('shell.frame.skipToContent')}
      </a>
      <aside
        className={cn(
          'fixed inset-y-0 start-0 z-30 hidden border-e border-border bg-surface lg:block',
          widthClass,
        )}
      >
        {sidebar}
      </aside>
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} title={label}>
        {sidebar}
      </Drawer>
      <div className={offsetClass}>
        <header
          className={cn(
            'sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-border bg-surface/95 px-4 backdrop-blur',
            actions ? '' : 'lg:hidden',
          )}
        >
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label={text('shell.frame.openMenu')}
            aria-expanded={drawerOpen}
            className="rounded-md p-2 text-ink-muted hover:bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus lg:hidden"
          >
            <Menu aria-hidden="true" className="h-5 w-5" />
          </button>
          <span className="inline-flex items-center gap-2 font-bold text-brand-ink lg:hidden">
            <Sprout aria-hidden="true" className="h-5 w-5" /> {PRODUCT_NAME}
          </span>
          {/* The sidebar carries the switch on large screens; here it follows the layout's actions. */}
          <ShellThemeSwitch className={cn('lg:hidden', actions ? 'order-last' : 'ms-auto')} />
          {actions ? <div className="ms-auto flex min-w-0 items-center gap-2">{actions}</div> : null}
        </header>
        <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
