// The sidebar never hides the current page (issue 27): the group holding it is open, whichever groups the
// layout opens by default.
import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SidebarNav, type NavGroup } from '../src/sidebar.tsx';

const GROUPS: NavGroup[] = [
  { title: 'Overview', links: [{ to: '/admin/dashboard', label: 'Dashboard' }] },
  {
    title: 'Transactions',
    links: [
      { to: '/admin/deposits', label: 'Deposits' },
      { to: '/admin/withdrawals', label: 'Withdrawals' },
    ],
  },
  { title: 'Support', links: [{ to: '/admin/support', label: 'Support Tickets' }] },
];

const sidebarAt = (currentPath: string) =>
  renderToStaticMarkup(
    createElement(SidebarNav, {
      groups: GROUPS,
      currentPath,
      initiallyOpen: ['Overview'],
      label: 'Admin',
      renderLink: (link, props) => createElement('a', { href: link.to, ...props }),
    }),
  );

describe('the sidebar', () => {
  it('opens the group that holds the current page, though the layout opens only another by default', () => {
    const html = sidebarAt('/admin/deposits');
    expect(html).toContain('aria-current="page"');
    expect(html).toMatch(/<a[^>]*href="\/admin\/deposits"[^>]*aria-current="page"/);
    expect(html).toContain('Withdrawals');
  });

  it('leaves the groups the current page is not in as the layout set them', () => {
    const html = sidebarAt('/admin/deposits');
    expect(html).toContain('Dashboard');
    expect(html).not.toContain('Support Tickets');
  });
});
