import type { Page } from '@cropvest/service-kit/db';

/** A page of stored rows answered as records (the rows' list queries read the table's own columns). */
export async function recordsPage<Row, Record>(
  rows: Promise<Page<Row>>,
  toRecord: (row: Row) => Record,
): Promise<Page<Record>> {
  const { items, total } = await rows;
  return { items: items.map(toRecord), total };
}
