// Shapes of the sidebars and the fixed routes. The signed-in areas' routes are each remote's own list
// (`routes.ts` in the investor and admin remotes; the web kit's screens.tsx builds sidebars from them).
export interface RouteLink {
  to: string;
  label: string;
}
export interface RouteGroup {
  title: string;
  links: RouteLink[];
}

export const INVESTOR_DASHBOARD = '/investor/dashboard';
export const ADMIN_DASHBOARD = '/admin/dashboard';

/**
 * An investor's plan page at one of its sections (issue 25): Browse Plans and the invest dialog link to its key
 * information sheet, My Investments to its timeline of field reports and to where its returns came from.
 */
export const investorPlanPage = (
  planId: string,
  section: 'key-information' | 'timeline' | 'where-the-returns-come-from',
) => `/investor/plans/${planId}#${section}`;

/** The pages behind list rows (issue 27 item 4): an investor's investment and ticket, a ticket on the admin desk. */
export const investorInvestmentPage = (id: string) => `/investor/investments/${id}`;
export const investorTicketPage = (id: string) => `/investor/support/tickets/${id}`;
export const adminTicketPage = (id: string) => `/admin/support/${id}`;
/** A deposit's and a withdrawal's page (decision 0121), for the investor who made it and on the admin desk. */
export const investorDepositPage = (id: string) => `/investor/deposits/${id}`;
export const investorWithdrawalPage = (id: string) => `/investor/withdrawals/${id}`;
export const adminDepositPage = (id: string) => `/admin/deposits/${id}`;
export const adminWithdrawalPage = (id: string) => `/admin/withdrawals/${id}`;
/** An investment's page on the admin desk, opened from its investor's page. */
export const adminInvestmentPage = (id: string) => `/admin/investments/${id}`;

/** Pages anyone may open, signed in or out (the landing page's footer links), each at `/<name>`. */
export const PUBLIC_PAGE_NAMES = ['terms', 'privacy', 'support-info', 'proof-of-reserves'] as const;
export type PublicPageName = (typeof PUBLIC_PAGE_NAMES)[number];
export const PUBLIC_PAGES: ReadonlySet<string> = new Set(PUBLIC_PAGE_NAMES.map((name) => `/${name}`));

/**
 * Where a signed-in person whose password expired (periodic password reset) must change it before anything
 * else; the server refuses every other call with PASSWORD_EXPIRED until then.
 */
export const CHANGE_PASSWORD_PAGE = '/change-password';

/** Pages opened from a mailed link: they carry their own single-use token and work signed in or not. */
export const ACCOUNT_LINK_PAGES = {
  confirmEmail: '/confirm-email',
  resetPassword: '/reset-password',
  /** New-device approval (docs/decisions/0100-new-device-approval.md): the owner approves or refuses a sign-in. */
  approveDevice: '/approve-device',
  /** The freeze link in every security mail (docs/decisions/0101-account-freeze.md). */
  freeze: '/freeze',
  /** The mailed confirmation that ends a freeze. */
  unfreezeConfirm: '/unfreeze/confirm',
} as const;

/**
 * Where the owner of a frozen account asks to unfreeze it (password, second factor, then a mailed link). A frozen
 * account has no session, so the page needs none; whoever else is signed in on this browser may open it too.
 */
export const UNFREEZE_PAGE = '/unfreeze';
