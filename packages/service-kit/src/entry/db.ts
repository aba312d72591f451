// PostgreSQL: the pool, transactions, paging, migrations, report windows, streamed downloads and statements in
// groups on hot rows.
export * from '../db.ts';
export * from '../migrate.ts';
export * from '../reports.ts';
export * from '../downloads.ts';
export * from '../groups.ts';
