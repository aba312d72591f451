// Queries of operators, their past seasons and the key information versions; rows become the contracts' Operator
// and KeyInformationSheet here and nowhere else.
import {
  DEFAULT_SETTINGS,
  missingKeyInformation,
  type KeyInformationInput,
  type KeyInformationSheet,
  type KeyInformationVersion,
  type Operator,
  type OperatorInput,
  type OperatorSeason,
  type PageQuery,
} from '@cropvest/contracts';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import type { KeyInformationGates } from '../domain/key-information.ts';

interface OperatorRow {
  id: string;
  name: string;
  country: string;
  region: string;
  contact: string;
  created_at: Date;
  updated_at: Date;
}

interface SeasonRow {
  operator_id: string;
  position: number;
  crop: string;
  season: string;
  amount_raised: string;
  realised_return_percent: string;
}

export interface KeyInformationRow {
  plan_id: string;
  version: number;
  operator_id: string;
  location: string;
  crop: string;
  area_hectares: string | null;
  expected_yield: string;
  expected_price: string;
  offtake_buyer: string;
  insurance: string;
  main_risks: string;
  crop_failure: string;
  fees: string;
  platform_stake: string;
  complete: boolean;
  published_by: string;
  published_at: Date;
}

async function seasonsOf(db: Knex, operatorIds: string[]): Promise<Map<string, SeasonRow[]>> {
  const rows = operatorIds.length
    ? await db<SeasonRow>('operator_seasons')
        .whereIn('operator_id', operatorIds)
        .orderBy(['operator_id', 'position'])
    : [];
  const byOperator = new Map<string, SeasonRow[]>();
  for (const row of rows) byOperator.set(row.operator_id, [...(byOperator.get(row.operator_id) ?? []), row]);
  return byOperator;
}

/**
 * The seasons each operator ran here: its plans whose every paid investment was harvested (cancelled ones went back
 * and do not count), with the principal raised and the return investors realised — interest paid less any loss of
 * a settlement, over the principal, in percent to 2 decimals.
 */
async function platformSeasonsOf(db: Knex, operatorIds: string[]): Promise<Map<string, OperatorSeason[]>> {
  const { rows } = operatorIds.length
    ? ((await db.raw(
        `SELECT p.operator_id, p.title AS crop,
                to_char(p.start_date AT TIME ZONE 'UTC', 'Mon YYYY') || ' – ' ||
                  to_char(p.end_date AT TIME ZONE 'UTC', 'Mon YYYY') AS season,
                sum(i.principal)::numeric(18,8)::text AS amount_raised,
                round(sum(i.interest_earned - i.shortfall) * 100 / sum(i.principal), 2)::text AS realised_return_percent
           FROM plans p JOIN investments i ON i.plan_id = p.id AND i.status IN ('active', 'completed')
          WHERE p.operator_id = ANY(?::uuid[]) AND p.deleted_at IS NULL
          GROUP BY p.id
         HAVING bool_and(i.status = 'completed')
          ORDER BY p.operator_id, p.end_date DESC, p.id`,
        [operatorIds],
      )) as { rows: (SeasonRow & { operator_id: string })[] })
    : { rows: [] };
  const byOperator = new Map<string, OperatorSeason[]>();
  for (const row of rows)
    byOperator.set(row.operator_id, [...(byOperator.get(row.operator_id) ?? []), toSeason(row)]);
  return byOperator;
}

const toSeason = (season: Omit<SeasonRow, 'operator_id' | 'position'>): OperatorSeason => ({
  crop: season.crop,
  season: season.season,
  amountRaised: season.amount_raised,
  realisedReturnPercent: season.realised_return_percent,
});

const toOperator = (row: OperatorRow, seasons: SeasonRow[], platformSeasons: OperatorSeason[]): Operator => ({
  id: row.id,
  name: row.name,
  country: row.country,
  region: row.region,
  contact: row.contact,
  pastSeasons: seasons.map(toSeason),
  platformSeasons,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function findOperator(db: Knex, id: string): Promise<Operator | undefined> {
  const row = await db<OperatorRow>('operators').where({ id }).first();
  if (!row) return undefined;
  return toOperator(
    row,
    (await seasonsOf(db, [id])).get(id) ?? [],
    (await platformSeasonsOf(db, [id])).get(id) ?? [],
  );
}

export async function pageOperators(db: Knex, page: PageQuery): Promise<Page<Operator>> {
  const rows = await pageOf<OperatorRow>(db<OperatorRow>('operators').orderByRaw('lower(name), id'), page);
  const seasons = await seasonsOf(
    db,
    rows.items.map((row) => row.id),
  );
  const platformSeasons = await platformSeasonsOf(
    db,
    rows.items.map((row) => row.id),
  );
  return {
    total: rows.total,
    items: rows.items.map((row) =>
      toOperator(row, seasons.get(row.id) ?? [], platformSeasons.get(row.id) ?? []),
    ),
  };
}

async function replaceSeasons(
  trx: Knex.Transaction,
  operatorId: string,
  input: OperatorInput,
): Promise<void> {
  await trx('operator_seasons').where({ operator_id: operatorId }).delete();
  if (input.pastSeasons.length)
    await trx('operator_seasons').insert(
      input.pastSeasons.map((season, position) => ({
        operator_id: operatorId,
        position,
        crop: season.crop,
        season: season.season,
        amount_raised: season.amountRaised,
        realised_return_percent: season.realisedReturnPercent,
      })),
    );
}

const operatorColumns = (input: OperatorInput) => ({
  name: input.name,
  country: input.country,
  region: input.region,
  contact: input.contact,
});

export async function insertOperator(trx: Knex.Transaction, id: string, input: OperatorInput): Promise<void> {
  await trx('operators').insert({ id, ...operatorColumns(input) });
  await replaceSeasons(trx, id, input);
}

/** Answers false when there is no such operator. */
export async function updateOperator(
  trx: Knex.Transaction,
  id: string,
  input: OperatorInput,
): Promise<boolean> {
  const updated = await trx('operators')
    .where({ id })
    .update({ ...operatorColumns(input), updated_at: trx.fn.now() });
  if (!updated) return false;
  await replaceSeasons(trx, id, input);
  return true;
}

/** The plan's versions are numbered under the plan's row lock (the caller holds it), so two saves never collide. */
export async function insertKeyInformationVersion(
  trx: Knex.Transaction,
  planId: string,
  adminId: string,
  input: KeyInformationInput,
): Promise<KeyInformationRow> {
  const { operatorId, ...sections } = input;
  const complete = missingKeyInformation(sections).length === 0;
  const [row] = await trx
    .raw<{ rows: KeyInformationRow[] }>(
      `INSERT INTO key_information_versions
       (plan_id, version, operator_id, location, crop, area_hectares, expected_yield, expected_price,
        offtake_buyer, insurance, main_risks, crop_failure, fees, platform_stake, complete, published_by)
     SELECT ?, coalesce(max(version), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
       FROM key_information_versions WHERE plan_id = ?
     RETURNING *`,
      [
        planId,
        operatorId,
        sections.location,
        sections.crop,
        sections.areaHectares,
        sections.expectedYield,
        sections.expectedPrice,
        sections.offtakeBuyer,
        sections.insurance,
        sections.mainRisks,
        sections.cropFailure,
        sections.fees,
        sections.platformStake,
        complete,
        adminId,
        planId,
      ],
    )
    .then((result) => result.rows);
  if (!row) throw new Error('key information version not inserted');
  await trx('plans').where({ id: planId }).update({
    operator_id: operatorId,
    key_information_version: row.version,
    key_information_complete: complete,
  });
  return row;
}

/** One version of a plan's sheet (the current one without `version`). */
export async function findKeyInformation(
  db: Knex,
  planId: string,
  version?: number,
): Promise<KeyInformationSheet | undefined> {
  const plan = await db('plans')
    .where({ id: planId })
    .whereNull('deleted_at')
    .first<{ key_information_version: number | null } | undefined>('key_information_version');
  if (!plan?.key_information_version) return undefined;
  const row = await db<KeyInformationRow>('key_information_versions')
    .where({ plan_id: planId, version: version ?? plan.key_information_version })
    .first();
  if (!row) return undefined;
  const operator = await findOperator(db, row.operator_id);
  if (!operator) throw new Error(`operator ${row.operator_id} of a key information sheet is missing`);
  return toSheet(row, operator, plan.key_information_version);
}

/** A plan's versions, newest first, one page, each with who published it; undefined when there is no such plan. */
export async function pageKeyInformationVersions(
  db: Knex,
  planId: string,
  page: PageQuery,
): Promise<Page<KeyInformationVersion> | undefined> {
  const plan = await db('plans')
    .where({ id: planId })
    .whereNull('deleted_at')
    .first<{ key_information_version: number | null } | undefined>('key_information_version');
  if (!plan) return undefined;
  const rows = await pageOf<KeyInformationRow & { published_by_name: string | null }>(
    db('key_information_versions as v')
      .leftJoin('users as u', 'u.id', 'v.published_by')
      .where({ 'v.plan_id': planId })
      .orderBy('v.version', 'desc')
      .select('v.*', 'u.name as published_by_name'),
    page,
  );
  const operators = new Map<string, Operator>();
  for (const id of new Set(rows.items.map((row) => row.operator_id))) {
    const operator = await findOperator(db, id);
    if (!operator) throw new Error(`operator ${id} of a key information sheet is missing`);
    operators.set(id, operator);
  }
  return {
    total: rows.total,
    items: rows.items.map((row) => ({
      ...toSheet(row, operators.get(row.operator_id) as Operator, plan.key_information_version ?? 0),
      publishedBy: { id: row.published_by, name: row.published_by_name },
    })),
  };
}

export const toSheet = (
  row: KeyInformationRow,
  operator: Operator,
  currentVersion: number,
): KeyInformationSheet => {
  const sections = {
    location: row.location,
    crop: row.crop,
    areaHectares: row.area_hectares,
    expectedYield: row.expected_yield,
    expectedPrice: row.expected_price,
    offtakeBuyer: row.offtake_buyer,
    insurance: row.insurance,
    mainRisks: row.main_risks,
    cropFailure: row.crop_failure,
    fees: row.fees,
    platformStake: row.platform_stake,
  };
  const missing = missingKeyInformation(sections);
  return {
    planId: row.plan_id,
    version: row.version,
    current: row.version === currentVersion,
    publishedAt: row.published_at.toISOString(),
    complete: missing.length === 0,
    missing,
    ...sections,
    operator,
  };
};

export const REQUIRE_KEY_INFORMATION_SETTING = 'requireKeyInformation';
export const REQUIRE_KEY_INFORMATION_ACKNOWLEDGEMENT_SETTING = 'requireKeyInformationAcknowledgement';

export const KEY_INFORMATION_SETTINGS = [
  REQUIRE_KEY_INFORMATION_SETTING,
  REQUIRE_KEY_INFORMATION_ACKNOWLEDGEMENT_SETTING,
];

/** The gates from the projected settings by key; one identity never published is on, the spec's default. */
export const keyInformationGatesOf = (byKey: Map<string, unknown>): KeyInformationGates => ({
  requireKeyInformation:
    (byKey.get(REQUIRE_KEY_INFORMATION_SETTING) as boolean | undefined) ??
    DEFAULT_SETTINGS.security.requireKeyInformation,
  requireKeyInformationAcknowledgement:
    (byKey.get(REQUIRE_KEY_INFORMATION_ACKNOWLEDGEMENT_SETTING) as boolean | undefined) ??
    DEFAULT_SETTINGS.security.requireKeyInformationAcknowledgement,
});

/** The gates as last published by identity (settings.updated, security section); on by default. */
export async function keyInformationGates(db: Knex): Promise<KeyInformationGates> {
  const rows = await db('settings')
    .whereIn('key', KEY_INFORMATION_SETTINGS)
    .select<{ key: string; value: unknown }[]>('key', 'value');
  return keyInformationGatesOf(new Map(rows.map((row) => [row.key, row.value])));
}
