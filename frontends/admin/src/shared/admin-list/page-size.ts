// A list's page size as the address gives it, kept within what the server pages (PageQuery: 1 to MAX_PAGE_SIZE), so
// a hand-edited address never asks for a page the server refuses.
import { MAX_PAGE_SIZE } from '@cropvest/web-kit';

export const serverPageSize = (pageSize: number): number => Math.min(Math.max(pageSize, 1), MAX_PAGE_SIZE);
