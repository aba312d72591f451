// Detail pages behind list rows (issue 27 item 4): a row links to its record's page with the list's own address
// (its search, filters, sort and page) riding along in `from`, so the page's back link returns to the list as the
// person left it. The address comes from the URL, so only a list the page names is taken back to.
import { useCallback } from 'react';
import { BACK_LINK_CLASS, BackLinkLabel } from '@cropvest/ui/detail-page';
import { Link, useLocation } from './router.tsx';

const FROM = 'from';

/** A list a detail page may be opened from: its address as it opens (a tab may be part of it), and its name. */
export interface BackTarget {
  path: string;
  label: string;
}

const pathOf = (address: string) => address.split('?')[0] as string;

/** Builds a record's page address from the current list's address. */
export function useDetailLink(): (path: string) => string {
  const { pathname, search } = useLocation();
  return useCallback(
    (path: string) => `${path}?${new URLSearchParams({ [FROM]: `${pathname}${search}` }).toString()}`,
    [pathname, search],
  );
}

/**
 * Where the back link leads: the list the page was opened from, with its state, when it is one of `lists`;
 * otherwise the first list as it opens.
 */
export function useBackLink(lists: readonly [BackTarget, ...BackTarget[]]): { to: string; label: string } {
  const from = new URLSearchParams(useLocation().search).get(FROM);
  const list = from
    ? lists.find(({ path }) => from === pathOf(path) || from.startsWith(`${pathOf(path)}?`))
    : undefined;
  return list && from ? { to: from, label: list.label } : { to: lists[0].path, label: lists[0].label };
}

/** A detail page's back link: to the list it was opened from (see useBackLink), named after that list. */
export function BackLink({ lists }: { lists: readonly [BackTarget, ...BackTarget[]] }) {
  const back = useBackLink(lists);
  return (
    <Link to={back.to} className={BACK_LINK_CLASS}>
      <BackLinkLabel label={back.label} />
    </Link>
  );
}
