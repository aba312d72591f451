// Operators and key information sheets made through the admin API (decision 0092), and the acknowledgement an
// investment carries: what every suite that invests needs while the key information gates are on (the default).
import { adminSession, api } from './api.ts';

export const OPERATOR_FIELDS = {
  name: 'Rift Valley Growers Cooperative',
  country: 'Kenya',
  region: 'Nakuru County',
  contact: 'cooperative@rift-valley-growers.example, +254 20 000 0000',
  pastSeasons: [
    { crop: 'Maize', season: '2024 long rains', amountRaised: '42000.00', realisedReturnPercent: '6.40' },
    { crop: 'Maize', season: '2025 long rains', amountRaised: '51000.00', realisedReturnPercent: '-12.50' },
  ],
};

/** Every section of a sheet filled in, as an admin would write it. */
export const COMPLETE_KEY_INFORMATION = {
  location: 'Nakuru County, Kenya (irrigated plots along the Njoro river)',
  crop: 'Winter wheat',
  areaHectares: '120.00',
  expectedYield: '4.2 tonnes per hectare',
  expectedPrice: 'USD 310 per tonne (last three seasons: 280 to 330)',
  offtakeBuyer: 'Unga Millers Ltd, forward contract for 60 % of the harvest',
  insurance:
    'Area-yield index insurance covering drought and flood up to 70 % of expected revenue; pests are not covered',
  mainRisks:
    'A poor rainy season, pests, a fall in the wheat price and the cooperative failing to deliver. You may lose part or all of the money you invest.',
  cropFailure:
    'If proceeds and reserve do not cover what is due, payouts are reviewed: the platform may allocate reserve, postpone the payout or settle pro rata; any shortfall is a realised loss.',
  fees: 'No fee to investors; the platform keeps 2 % of the harvest proceeds before payouts.',
  platformStake: 'The platform invests 5 % of the plan’s slots on the same terms as investors.',
};

export async function createOperator(overrides: Record<string, unknown> = {}): Promise<any> {
  const created = await api('POST', '/api/admin/operators', (await adminSession()).accessToken, {
    ...OPERATOR_FIELDS,
    ...overrides,
  });
  if (created.status !== 201)
    throw new Error(`operator create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

let sharedOperator: Promise<any> | undefined;
/** One operator per test process for the plans whose operator does not matter to the test. */
const anyOperator = (): Promise<any> => (sharedOperator ??= createOperator());

/** Publishes a new version of the plan's sheet (complete unless `overrides` blank a section); answers the sheet. */
export async function publishKeyInformation(
  planId: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const published = await api(
    'PUT',
    `/api/admin/plans/${planId}/key-information`,
    (await adminSession()).accessToken,
    { operatorId: (await anyOperator()).id, ...COMPLETE_KEY_INFORMATION, ...overrides },
  );
  if (published.status !== 200)
    throw new Error(`key information publish failed: ${published.status} ${JSON.stringify(published.body)}`);
  return published.body;
}

/** What the invest dialog adds once its investor acknowledged the plan's current sheet. */
export async function acknowledgement(planId: string): Promise<{ keyInformationVersion: number }> {
  const sheet = await api('GET', `/api/plans/${planId}/key-information`);
  if (sheet.status !== 200)
    throw new Error(`key information read failed: ${sheet.status} ${JSON.stringify(sheet.body)}`);
  return { keyInformationVersion: sheet.body.version as number };
}
