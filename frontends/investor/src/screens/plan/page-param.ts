// The page of one of the plan page's lists, kept in the address under its own name (the timeline's and the
// disbursements' pages apart), so a page can be bookmarked and Back steps through pages. Turning a page keeps the
// list's section in view through the address's fragment.
import { navigate, useLocation } from '@cropvest/web-kit/router';
import { pageFrom } from './rules.ts';

export function usePageParam(param: string, section: string): [number, (page: number) => void] {
  const { pathname, search } = useLocation();
  const setPage = (page: number) => {
    const params = new URLSearchParams(search);
    if (page > 1) params.set(param, String(page));
    else params.delete(param);
    const query = params.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}#${section}`);
  };
  return [pageFrom(search, param), setPage];
}
