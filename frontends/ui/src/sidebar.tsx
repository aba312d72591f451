// Sidebar navigation shared by the investor and admin layouts: collapsible groups of links, the current
// link marked with aria-current, and the group holding it highlighted and open.
import { useState, type ReactNode } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';

export interface NavLink {
  to: string;
  label: string;
  icon?: ReactNode;
  badge?: ReactNode;
}
export interface NavGroup {
  title: string;
  links: NavLink[];
}

export interface SidebarNavProps {
  groups: NavGroup[];
  currentPath: string;
  /** Which groups start open: every group, or only the named ones. */
  initiallyOpen: 'all' | string[];
  /** Renders a link; the shell passes the web kit's Link. */
  renderLink: (
    link: NavLink,
    props: { className: string; 'aria-current'?: 'page'; children: ReactNode },
  ) => ReactNode;
  label: string;
}

export const isCurrentLink = (to: string, currentPath: string): boolean =>
  currentPath === to || currentPath === `${to}/`;

export function SidebarNav({ groups, currentPath, initiallyOpen, renderLink, label }: SidebarNavProps) {
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-2">
      <ul className="space-y-1">
        {groups.map((group) => (
          <SidebarGroup
            key={group.title}
            group={group}
            currentPath={currentPath}
            defaultOpen={initiallyOpen === 'all' || initiallyOpen.includes(group.title)}
            renderLink={renderLink}
          />
        ))}
      </ul>
    </nav>
  );
}

function SidebarGroup({
  group,
  currentPath,
  defaultOpen,
  renderLink,
}: {
  group: NavGroup;
  currentPath: string;
  defaultOpen: boolean;
  renderLink: SidebarNavProps['renderLink'];
}) {
  const containsCurrent = group.links.some((link) => isCurrentLink(link.to, currentPath));
  const [open, setOpen] = useState(defaultOpen || containsCurrent);
  // The group holding the current page opens when the person arrives in it (by a link elsewhere, the address
  // bar or the back button), so the current page is never hidden in a collapsed group; closing it stays theirs.
  const [heldCurrent, setHeldCurrent] = useState(containsCurrent);
  if (containsCurrent !== heldCurrent) {
    setHeldCurrent(containsCurrent);
    if (containsCurrent) setOpen(true);
  }
  return (
    <li>
      <Collapsible.Root open={open} onOpenChange={setOpen}>
        <Collapsible.Trigger
          className={cn(
            'flex w-full items-center justify-between rounded-md px-3 py-2 text-xs font-semibold uppercase tracking-wide focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus',
            containsCurrent ? 'bg-brand-muted text-brand-ink' : 'text-ink-muted hover:bg-surface-muted',
          )}
          data-current-group={containsCurrent ? 'true' : undefined}
        >
          {group.title}
          <ChevronDown
            aria-hidden="true"
            className={cn('h-4 w-4 transition-transform', open ? 'rotate-180' : '')}
          />
        </Collapsible.Trigger>
        <Collapsible.Content>
          <ul className="mt-1 space-y-0.5 pb-2">
            {group.links.map((link) => {
              const current = isCurrentLink(link.to, currentPath);
              return (
                <li key={link.to}>
                  {renderLink(link, {
                    className: cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus',
                      current ? 'bg-brand text-on-brand' : 'text-ink hover:bg-surface-muted',
                    ),
                    ...(current ? { 'aria-current': 'page' as const } : {}),
                    children: (
                      <>
                        {link.icon ? <span aria-hidden="true">{link.icon}</span> : null}
                        <span className="flex-1">{link.label}</span>
                        {link.badge}
                      </>
                    ),
                  })}
                </li>
              );
            })}
          </ul>
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}
