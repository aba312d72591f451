// Operators and key information sheets made through the admin API (decision 0092), and the acknowledgement an
// investment carries: what every suite that invests needs while the key information gates are on (the default).
import { adminSession, api } from './api.ts';
import { COMPLETE_KEY_INFORMATION, OPERATOR_FIELDS } from './key-information-sheet.ts';

export { COMPLETE_KEY_INFORMATION, OPERATOR_FIELDS };

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
