// Page objects for what every signed-in screen shares (docs/decisions/0112): the shell around it (sidebar, its
// phone drawer, Sign Out) and the list kit inside it (search box, filter buttons, "N … found", rows or cards,
// pager). They hold how these are found, by role and name as a person finds them, so a journey says what it does.
import type { Locator, Page } from '@playwright/test';
import { expect, settled, signOut } from './fixtures.ts';

/** The signed-in frame (frontends/shell/src/layouts/Frame.tsx), at any width. */
export class Shell {
  constructor(readonly page: Page) {}

  /** The sidebar's available balance (investor frame). */
  get balance(): Locator {
    return this.page.getByTestId('sidebar-balance');
  }

  /** The sidebar (investor or admin), the one on screen: the fixed one, or the phone drawer's once opened. */
  get sidebar(): Locator {
    return this.page
      .getByRole('navigation', { name: /^(Investor|Admin) navigation$/ })
      .filter({ visible: true });
  }

  /**
   * Follows a sidebar link by its name and waits for its screen's heading. At phone width the sidebar is in a
   * drawer behind "Open menu"; a link in a closed group is shown by opening its group first.
   */
  async navigate(link: string, heading: string | RegExp = link, group?: string): Promise<void> {
    const menu = this.page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    const target = this.sidebar.getByRole('link', { name: link, exact: true });
    if (group && !(await target.isVisible()))
      await this.sidebar.getByRole('button', { name: group, exact: true }).click();
    await target.click();
    await expect(this.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  /** Sign Out, waiting until its hard redirect to /login has landed (fixtures.ts signOut). */
  signOut(): Promise<void> {
    return signOut(this.page);
  }
}

/** A list screen built on the list kit (frontends/ui data-table and pagination, the admin list toolbar). */
export class ListView {
  constructor(
    readonly page: Page,
    /** The singular noun of its "N … found" line ("deposit", "withdrawal"). */
    private readonly noun: string,
    /** Its plural, where adding an s does not make it ("entries"). */
    private readonly plural = `${noun}s`,
  ) {}

  /**
   * Types into the search box named `label` ("Search deposits") and waits until the list answered it: the address
   * carries the search (the list's state lives there) and nothing is loading any more.
   */
  async search(label: string, text: string): Promise<void> {
    await this.page.getByLabel(label).fill(text);
    const query = encodeURIComponent(text)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/%20/g, '(\\+|%20)');
    await expect(this.page).toHaveURL(new RegExp(`[?&]q=${query}(&|$)`));
    await settled(this.page);
  }

  /** Picks a filter button ("Pending") and waits until it shows as chosen. */
  async filter(option: string | RegExp): Promise<void> {
    await this.page.getByRole('button', { name: option }).click();
    await expect(this.page.getByRole('button', { name: option, pressed: true })).toBeVisible();
  }

  /** Waits for the "N … found" line a screen reader announces: of `count` rows, or of any number. */
  async found(count?: number): Promise<void> {
    const line =
      count === undefined
        ? new RegExp(`^\\d+ (${this.noun}|${this.plural}) found$`)
        : `${count} ${count === 1 ? this.noun : this.plural} found`;
    await expect(this.page.getByText(line, { exact: true })).toBeVisible();
  }

  /** Waits for the kit's no-results state: its heading "No … found" (a search or filter that matched nothing). */
  async nothingFound(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: `No ${this.plural} found` })).toBeVisible();
  }

  /** The rows (or, at phone width, the cards) holding every one of `texts`. */
  rowWith(...texts: string[]): Locator {
    return texts.reduce(
      (rows, text) => rows.filter({ hasText: text }),
      this.page.getByRole('row').or(this.page.getByRole('listitem')).filter({ visible: true }),
    );
  }

  /**
   * Chooses the rows holding each of `texts` for a bulk action (their checkbox, on a row or a card), and waits
   * for the kit's "N … selected" line.
   */
  async select(noun: string, ...texts: string[]): Promise<void> {
    for (const text of texts)
      await this.rowWith(text)
        .getByRole('checkbox', { name: /^Select / })
        .check();
    const count = texts.length;
    await expect(this.page.getByText(`${count} ${noun}${count === 1 ? '' : 's'} selected`)).toBeVisible();
  }

  /** The pager's next page, waiting until its range says it moved. */
  async nextPage(label = 'Pages'): Promise<void> {
    const pager = this.page.getByRole('navigation', { name: label });
    const range = await pager.getByText(/ of /).first().textContent();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText(/ of /).first()).not.toHaveText(range ?? '');
  }
}
