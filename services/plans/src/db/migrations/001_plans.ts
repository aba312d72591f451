import type { Migration } from '@cropvest/service-kit/db';

/**
 * Plans, investments and their daily accruals (ARCHITECTURE.md section 5), plus the projections this service
 * keeps: each user's KYC outcome, the interest and security settings it enforces, and user names for the
 * admin list. Database rules, not only code: slots never below zero nor above the total, one accrual per
 * investment and day, positive principals.
 */
export const plansSchema: Migration = {
  name: '001_plans',
  up: async (knex) => {
    await knex.raw(`
      CREATE TABLE plans (
        id uuid PRIMARY KEY,
        title text NOT NULL,
        description text NOT NULL,
        min_slot_price numeric(18,8) NOT NULL CHECK (min_slot_price > 0),
        daily_interest_rate numeric(5,2) NOT NULL CHECK (daily_interest_rate > 0),
        duration_days integer NOT NULL CHECK (duration_days >= 1),
        total_slots integer NOT NULL CHECK (total_slots >= 1),
        available_slots integer NOT NULL,
        start_date timestamptz NOT NULL,
        end_date timestamptz NOT NULL,
        image_url text,
        is_active boolean NOT NULL DEFAULT true,
        -- The last day whose interest has been accrued for this plan's investments (NULL: none yet).
        accrued_through date,
        deleted_at timestamptz,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT plans_slots_in_range CHECK (available_slots >= 0 AND available_slots <= total_slots),
        CONSTRAINT plans_dates_ordered CHECK (end_date > start_date)
      )`);
    await knex.raw('CREATE INDEX plans_listing ON plans (created_at DESC) WHERE deleted_at IS NULL');

    // pending: slots reserved, debit asked; active: paid; failed: debit refused, slots returned; completed: harvested.
    await knex.raw(`
      CREATE TABLE investments (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        plan_id uuid NOT NULL REFERENCES plans(id),
        slots_purchased integer NOT NULL CHECK (slots_purchased >= 1),
        principal numeric(18,8) NOT NULL CHECK (principal > 0),
        interest_earned numeric(18,8) NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'failed', 'completed')),
        failure_reason text,
        -- Who may settle a pending investment, until when: the purchase in flight, then the sweeper.
        lease_token uuid,
        lease_until timestamptz,
        debit_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        activated_at timestamptz,
        completed_at timestamptz
      )`);
    await knex.raw('CREATE INDEX investments_user ON investments (user_id, created_at DESC)');
    await knex.raw('CREATE INDEX investments_plan_status ON investments (plan_id, status)');
    await knex.raw("CREATE INDEX investments_pending ON investments (lease_until) WHERE status = 'pending'");

    await knex.raw(`
      CREATE TABLE accruals (
        investment_id uuid NOT NULL REFERENCES investments(id),
        day date NOT NULL,
        amount numeric(18,8) NOT NULL CHECK (amount >= 0),
        PRIMARY KEY (investment_id, day)
      )`);
    // One row per day processed: when, and how many accruals it wrote.
    await knex.raw(`
      CREATE TABLE accrual_runs (
        day date PRIMARY KEY,
        rows_written bigint NOT NULL DEFAULT 0,
        finished_at timestamptz NOT NULL DEFAULT now()
      )`);

    // Interest to 8 places, half to even (ARCHITECTURE.md section 4); `round()` alone rounds half away from zero.
    await knex.raw(`
      CREATE FUNCTION round_half_even8(x numeric) RETURNS numeric
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT CASE WHEN (abs(x) * 100000000) % 1 = 0.5 AND trunc(abs(x) * 100000000) % 2 = 0 THEN trunc(x, 8) ELSE round(x, 8) END
      $$`);

    await knex.raw(`
      CREATE TABLE kyc_statuses (
        user_id uuid PRIMARY KEY,
        status text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await knex.raw(`
      CREATE TABLE user_directory (
        user_id uuid PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL
      )`);
    await knex.raw(`
      CREATE TABLE settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  },
};
