// PostgreSQL: the pool, transactions, paging, migrations, report windows and streamed downloads.
export * from '../db.ts';
export * from '../migrate.ts';
export * from '../reports.ts';
export * from '../downloads.ts';
