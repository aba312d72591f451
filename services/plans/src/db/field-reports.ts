// The field_reports and field_report_photos tables (migration 012): written once, read as a plan's timeline.
import type { Knex, Page } from '@cropvest/service-kit/db';
import { pageOf } from '@cropvest/service-kit/db';
import type { CaptureTimeSource, FieldReportStage, PageQuery } from '@cropvest/contracts';

export interface FieldReportRow {
  id: string;
  plan_id: string;
  stage: FieldReportStage;
  text: string;
  text_sha256: string;
  corrects_report_id: string | null;
  audit_entry_id: string;
  published_by: string;
  published_at: Date;
  /** The newest report correcting this one (a subquery of the reads). */
  corrected_by_report_id: string | null;
}

export interface FieldReportPhotoRow {
  id: string;
  report_id: string;
  position: number;
  object_key: string;
  source_key: string;
  content_type: string;
  size: number;
  sha256: string;
  captured_at: Date;
  captured_at_source: CaptureTimeSource;
}

const reports = (db: Knex) =>
  db('field_reports as r').select(
    'r.*',
    db.raw(
      `(SELECT c.id FROM field_reports c WHERE c.corrects_report_id = r.id
         ORDER BY c.published_at DESC, c.id DESC LIMIT 1) AS corrected_by_report_id`,
    ),
  );

export async function insertFieldReport(
  trx: Knex.Transaction,
  report: Omit<FieldReportRow, 'published_at' | 'corrected_by_report_id'>,
  photos: FieldReportPhotoRow[],
): Promise<FieldReportRow> {
  await trx('field_reports').insert(report);
  if (photos.length > 0) await trx('field_report_photos').insert(photos);
  return (await reports(trx).where('r.id', report.id).first()) as FieldReportRow;
}

export const findFieldReport = (db: Knex, id: string): Promise<FieldReportRow | undefined> =>
  reports(db).where('r.id', id).first();

/** A plan's timeline, newest first. */
export const pageFieldReports = (db: Knex, planId: string, page: PageQuery): Promise<Page<FieldReportRow>> =>
  pageOf(
    reports(db)
      .where('r.plan_id', planId)
      .orderBy([
        { column: 'r.published_at', order: 'desc' },
        { column: 'r.id', order: 'desc' },
      ]),
    page,
  );

/** The photos of the given reports, each report's in its order. */
export async function photosOf(db: Knex, reportIds: string[]): Promise<Map<string, FieldReportPhotoRow[]>> {
  const rows: FieldReportPhotoRow[] =
    reportIds.length === 0
      ? []
      : await db('field_report_photos').whereIn('report_id', reportIds).orderBy(['report_id', 'position']);
  const byReport = new Map<string, FieldReportPhotoRow[]>();
  for (const row of rows) byReport.set(row.report_id, [...(byReport.get(row.report_id) ?? []), row]);
  return byReport;
}

/** Uploads already published as a report's photo (one upload, one report photo). */
export const publishedSources = (db: Knex, sourceKeys: string[]): Promise<string[]> =>
  db('field_report_photos').whereIn('source_key', sourceKeys).pluck('source_key');

/** The investors told of a report: everyone with a paid investment in the plan, running or harvested. */
export const planInvestorIds = (trx: Knex.Transaction, planId: string): Promise<string[]> =>
  trx('investments')
    .where({ plan_id: planId })
    .whereIn('status', ['active', 'completed'])
    .distinct('user_id')
    .orderBy('user_id')
    .pluck('user_id');

/** Whether the user has a paid investment in the plan (their My Investments shows its timeline). */
export async function hasInvested(db: Knex, userId: string, planId: string): Promise<boolean> {
  const row = await db('investments')
    .where({ user_id: userId, plan_id: planId })
    .whereIn('status', ['active', 'completed'])
    .first(db.raw('1 AS found'));
  return row !== undefined;
}

/** Each plan's newest report, for My Investments. */
export const latestReportsOf = (
  db: Knex,
  planIds: string[],
): Promise<Pick<FieldReportRow, 'id' | 'plan_id' | 'stage' | 'published_at'>[]> =>
  planIds.length === 0
    ? Promise.resolve([])
    : db('field_reports')
        .distinctOn('plan_id')
        .select('id', 'plan_id', 'stage', 'published_at')
        .whereIn('plan_id', planIds)
        .orderBy([
          { column: 'plan_id' },
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
