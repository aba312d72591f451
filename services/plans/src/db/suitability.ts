// Suitability answers (decision 0094): every version kept, the latest one decides. The setting that turns the
// check on is the security section's `requireSuitabilityCheck`, as identity last published it.
import { DEFAULT_SETTINGS, type Suitability } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';

export const REQUIRE_SUITABILITY_SETTING = 'requireSuitabilityCheck';

export interface SuitabilityRow {
  id: string;
  user_id: string;
  version: number;
  experience: Suitability['experience'];
  purpose: Suitability['purpose'];
  net_worth: string | null;
  yearly_income: string | null;
  loss_capacity: string;
  warning_threshold: string;
  answered_at: Date;
}

export const toSuitability = (row: SuitabilityRow): Suitability => ({
  version: row.version,
  experience: row.experience,
  purpose: row.purpose,
  netWorth: row.net_worth,
  yearlyIncome: row.yearly_income,
  lossCapacity: row.loss_capacity,
  warningThreshold: row.warning_threshold,
  answeredAt: row.answered_at.toISOString(),
});

/**
 * The investor's latest answers as one JSON value, for a select list (one `?`: the user id). row_to_json gives
 * the timestamp as text, and the amounts too, cast so no digit is lost.
 */
export const LATEST_ANSWERS_SQL = `(SELECT row_to_json(s) FROM (
   SELECT id, user_id, version, experience, purpose, net_worth::text, yearly_income::text,
          loss_capacity::text, warning_threshold::text, answered_at
     FROM suitability_answers WHERE user_id = ? ORDER BY version DESC LIMIT 1) s)`;

/** Whether the check is on, and the investor's latest answers. */
export interface SuitabilityState {
  required: boolean;
  answers: SuitabilityRow | undefined;
}

/** The state from the setting's value (none published: the spec's default) and `LATEST_ANSWERS_SQL`'s. */
export const suitabilityStateOf = (
  required: boolean | null | undefined,
  answers: (Omit<SuitabilityRow, 'answered_at'> & { answered_at: string }) | null | undefined,
): SuitabilityState => ({
  required: required ?? DEFAULT_SETTINGS.security.requireSuitabilityCheck,
  answers: answers ? { ...answers, answered_at: new Date(answers.answered_at) } : undefined,
});

/** The setting and the investor's latest answers, in one round trip. */
export async function suitabilityOf(db: Knex, userId: string): Promise<SuitabilityState> {
  const result = await db.raw<{
    rows: { required: boolean | null; answers: Parameters<typeof suitabilityStateOf>[1] }[];
  }>(
    `SELECT (SELECT value::boolean FROM settings WHERE key = ?) AS required, ${LATEST_ANSWERS_SQL} AS answers`,
    [REQUIRE_SUITABILITY_SETTING, userId],
  );
  const row = result.rows[0];
  return suitabilityStateOf(row?.required, row?.answers);
}

/**
 * A new version of the investor's answers: one more than their latest. Two saves at once compete for the same
 * version and the unique (user_id, version) refuses the second (the caller answers 409).
 */
export async function recordAnswers(
  db: Knex,
  row: Omit<SuitabilityRow, 'version' | 'answered_at'>,
): Promise<SuitabilityRow> {
  const result = await db.raw<{ rows: SuitabilityRow[] }>(
    `INSERT INTO suitability_answers (id, user_id, version, experience, purpose, net_worth, yearly_income, loss_capacity, warning_threshold)
     SELECT ?, ?, COALESCE(max(version), 0) + 1, ?, ?, ?::numeric, ?::numeric, ?::numeric, ?::numeric
       FROM suitability_answers WHERE user_id = ?
     RETURNING *`,
    [
      row.id,
      row.user_id,
      row.experience,
      row.purpose,
      row.net_worth,
      row.yearly_income,
      row.loss_capacity,
      row.warning_threshold,
      row.user_id,
    ],
  );
  return result.rows[0] as SuitabilityRow;
}
