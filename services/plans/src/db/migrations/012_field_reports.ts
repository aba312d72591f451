import type { Migration } from '@cropvest/service-kit/db';

/**
 * Field reports on a plan's timeline (docs/decisions/0093-field-reports.md). Published once, never changed: a
 * trigger refuses every UPDATE and DELETE of a report or a photo, so a correction can only be a new report naming
 * the one it corrects. Each report keeps the id of its audit entry (the hash chain in identity), which records the
 * same stage, plan, text hash and photo hashes for the verification to compare with.
 */
export const fieldReports: Migration = {
  name: '012_field_reports',
  up: async (knex) => {
    await knex.raw(`
      CREATE TABLE field_reports (
        id uuid PRIMARY KEY,
        plan_id uuid NOT NULL REFERENCES plans(id),
        stage text NOT NULL CHECK (stage IN
          ('planted', 'growing', 'flowering', 'pre_harvest', 'harvested', 'adverse_event')),
        text text NOT NULL CHECK (length(text) BETWEEN 1 AND 5000),
        text_sha256 text NOT NULL CHECK (text_sha256 ~ '^[0-9a-f]{64}$'),
        corrects_report_id uuid REFERENCES field_reports(id),
        audit_entry_id uuid NOT NULL UNIQUE,
        published_by uuid NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now()
      )`);
    await knex.raw(
      'CREATE INDEX field_reports_timeline ON field_reports (plan_id, published_at DESC, id DESC)',
    );
    await knex.raw(
      'CREATE INDEX field_reports_corrections ON field_reports (corrects_report_id) WHERE corrects_report_id IS NOT NULL',
    );
    await knex.raw(`
      CREATE TABLE field_report_photos (
        id uuid PRIMARY KEY,
        report_id uuid NOT NULL REFERENCES field_reports(id),
        position integer NOT NULL CHECK (position >= 0),
        -- The report's own copy in the plan-images bucket, out of the public image addresses' reach.
        object_key text NOT NULL UNIQUE,
        -- The upload it was copied from: one upload, one report photo.
        source_key text NOT NULL UNIQUE,
        content_type text NOT NULL,
        size integer NOT NULL CHECK (size > 0),
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        captured_at timestamptz NOT NULL,
        captured_at_source text NOT NULL CHECK (captured_at_source IN ('exif', 'upload')),
        UNIQUE (report_id, position)
      )`);
    await knex.raw(`
      CREATE FUNCTION field_reports_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'a published field report cannot be changed; publish a correction instead'
          USING ERRCODE = 'integrity_constraint_violation';
      END $$`);
    for (const table of ['field_reports', 'field_report_photos'])
      await knex.raw(`
        CREATE TRIGGER ${table}_immutable BEFORE UPDATE OR DELETE ON ${table}
          FOR EACH ROW EXECUTE FUNCTION field_reports_immutable()`);
  },
};
