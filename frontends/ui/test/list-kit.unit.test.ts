// The list kit's states (issue 27 item 2): loading, error, nothing yet, no results for a narrowed list, a page that
// emptied under the reader, and one page of rows with its count and pager; each row a card at phone width too.
import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { columnHelper } from '../src/data-table.tsx';
import type { ListControls, ListPage } from '../src/list/controls.ts';
import { ListCards, ListTable } from '../src/list/results.tsx';
import { FoundStatus, foundLine } from '../src/list/toolbar.tsx';
import { BulkActions } from '../src/list/selection.tsx';
import type { UiText } from '../src/messages/catalogue.ts';
import es from '../src/messages/es.json';
import { createIntl } from '@formatjs/intl';

interface Deposit {
  id: string;
  who: string;
}

const col = columnHelper<Deposit>();
const columns = [col.accessor('who', { header: 'User' })];

const list = (overrides: Partial<ListControls> = {}): ListControls => ({
  page: 1,
  setPage: () => undefined,
  sort: null,
  setSort: () => undefined,
  search: '',
  setSearch: () => undefined,
  filtered: false,
  ...overrides,
});

const answered = (data: ListPage<Deposit>) => ({ data, isLoading: false, refetch: () => undefined });

const table = (query: Parameters<typeof ListTable<Deposit>>[0]['query'], controls = list()) =>
  renderToStaticMarkup(
    createElement(ListTable<Deposit>, {
      query,
      list: controls,
      pageSize: 2,
      noun: 'deposits',
      caption: 'Deposits',
      emptyDescription: 'Deposit requests will appear here',
      columns,
      rowId: (row) => row.id,
    }),
  );

describe('the list kit', () => {
  it('shows a loading status while the first answer is on its way', () => {
    const html = table({ isLoading: true, refetch: () => undefined });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading the deposits…');
  });

  it('says what could not be loaded and offers to try again', () => {
    const html = table({ isLoading: false, error: { status: 500 }, refetch: () => undefined });
    expect(html).toContain('role="alert"');
    expect(html).toContain('We could not load the deposits.');
    expect(html).toContain('Try again');
  });

  it('tells "nothing yet" from "no results for these filters"', () => {
    const none = answered({ items: [], total: 0 });
    expect(table(none)).toContain('Deposit requests will appear here');
    const narrowed = table(none, list({ filtered: true }));
    expect(narrowed).toContain('Try adjusting your filters');
    expect(narrowed).not.toContain('Deposit requests will appear here');
  });

  it('offers the first page when the page shown emptied', () => {
    const html = table(answered({ items: [], total: 3 }), list({ page: 4 }));
    expect(html).toContain('This page is empty.');
    expect(html).toContain('Go to the first page');
  });

  it('shows one page as a table and as cards, with the pager and its count', () => {
    const html = table(
      answered({
        items: [
          { id: 'a', who: 'Ada' },
          { id: 'b', who: 'Ben' },
        ],
        total: 3,
      }),
    );
    expect(html).toContain('<caption class="sr-only">Deposits</caption>');
    expect(html.match(/Ada/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Deposits"');
    expect(html).toContain('1–2 of 3');
  });

  it('lists cards with the same states', () => {
    const cards = (query: Parameters<typeof ListCards<Deposit>>[0]['query'], controls = list()) =>
      renderToStaticMarkup(
        createElement(ListCards<Deposit>, {
          query,
          list: controls,
          pageSize: 2,
          noun: 'tickets',
          skeletonHeight: 'h-24',
          className: 'space-y-3',
          label: { list: 'Tickets', pager: 'Pages of tickets' },
          children: (row: Deposit) => createElement('li', { key: row.id }, row.who),
        }),
      );
    expect(cards(answered({ items: [{ id: 'a', who: 'Ada' }], total: 1 }))).toContain('<li>Ada</li>');
    expect(cards(answered({ items: [], total: 5 }), list({ page: 9 }))).toContain('Go to the first page');
    expect(cards(answered({ items: [], total: 0 }), list({ filtered: true }))).toContain(
      'Try adjusting your filters',
    );
  });

  it('announces the count in words', () => {
    expect(foundLine(1, 'deposit', 'deposits')).toBe('1 deposit found');
    expect(foundLine(1200, 'withdrawal', 'withdrawals')).toBe('1,200 withdrawals found');
    expect(foundLine(2, 'entry', 'entries')).toBe('2 entries found');
    const status = renderToStaticMarkup(
      createElement(FoundStatus, { total: 2, noun: 'user', nouns: 'users' }),
    );
    expect(status).toContain('role="status"');
    expect(status).toContain('2 users found');
  });

  it('takes both forms of the noun from the caller, so Spanish plurals read right', () => {
    const spanish = createIntl({ locale: 'es', defaultLocale: 'en', messages: es });
    const text: UiText = (id, values) => spanish.formatMessage({ id }, values);
    expect(foundLine(1, 'notificación', 'notificaciones', text)).toBe('Se encontró 1 notificación');
    expect(foundLine(3, 'notificación', 'notificaciones', text)).toBe('Se encontraron 3 notificaciones');
    expect(foundLine(3, 'plan', 'planes', text)).toBe('Se encontraron 3 planes');
  });

  it('names how many rows are chosen with the plural the caller gives', () => {
    const bar = (count: number) =>
      renderToStaticMarkup(
        createElement(BulkActions, {
          count,
          noun: 'pending deposit',
          nouns: 'pending deposits',
          onClear: () => undefined,
          children: null,
        }),
      );
    expect(bar(1)).toContain('1 pending deposit selected');
    expect(bar(2)).toContain('2 pending deposits selected');
    expect(bar(0)).toBe('');
  });
});
