import type { Migration } from '@cropvest/service-kit/db';

/**
 * Operators and their past seasons, each plan's key information sheet as immutable versions, the plan's
 * operator (from its current sheet) and the version each investment's investor acknowledged
 * (docs/decisions/0092-operators-and-key-information.md). Existing plans get no sheet.
 */
export const keyInformation: Migration = {
  name: '011_key_information',
  up: async (knex) => {
    await knex.raw(`
      CREATE TABLE operators (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (name <> ''),
        country text NOT NULL CHECK (country <> ''),
        region text NOT NULL CHECK (region <> ''),
        contact text NOT NULL CHECK (contact <> ''),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await knex.raw('CREATE INDEX operators_by_name ON operators (lower(name), id)');
    await knex.raw(`
      CREATE TABLE operator_seasons (
        operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        crop text NOT NULL,
        season text NOT NULL,
        amount_raised numeric(18,8) NOT NULL CHECK (amount_raised >= 0),
        realised_return_percent numeric(5,2) NOT NULL CHECK (realised_return_percent >= -100),
        PRIMARY KEY (operator_id, position)
      )`);
    await knex.raw(`
      CREATE TABLE key_information_versions (
        plan_id uuid NOT NULL REFERENCES plans (id),
        version integer NOT NULL CHECK (version >= 1),
        operator_id uuid NOT NULL REFERENCES operators (id),
        location text NOT NULL,
        crop text NOT NULL,
        area_hectares numeric(10,2) CHECK (area_hectares > 0),
        expected_yield text NOT NULL,
        expected_price text NOT NULL,
        offtake_buyer text NOT NULL,
        insurance text NOT NULL,
        main_risks text NOT NULL,
        crop_failure text NOT NULL,
        fees text NOT NULL,
        platform_stake text NOT NULL,
        complete boolean NOT NULL,
        published_by uuid NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (plan_id, version)
      )`);
    // A published version is immutable: the database refuses to change or remove one.
    await knex.raw(`
      CREATE FUNCTION key_information_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'a published key information version is immutable';
      END $$`);
    await knex.raw(`
      CREATE TRIGGER key_information_versions_immutable
        BEFORE UPDATE OR DELETE ON key_information_versions
        FOR EACH ROW EXECUTE FUNCTION key_information_immutable()`);
    await knex.raw(`
      ALTER TABLE plans
        ADD COLUMN operator_id uuid REFERENCES operators (id),
        ADD COLUMN key_information_version integer,
        ADD COLUMN key_information_complete boolean NOT NULL DEFAULT false`);
    await knex.raw('ALTER TABLE investments ADD COLUMN key_information_version integer');
  },
};
