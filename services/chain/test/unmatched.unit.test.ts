// When an admin may assign a transfer nobody claimed (decision 0084), and when a second admin must agree.
import { describe, expect, it } from '@jest/globals';
import { judgeAssignment, type RecordedLog } from '../src/domain/unmatched.ts';

const log = (overrides: Partial<RecordedLog> = {}): RecordedLog => ({
  amount: '40.00000000',
  claimed_by: null,
  unmatched_window_passed: true,
  ...overrides,
});
const context = { liveClaim: false, secondApprovalThreshold: '10000.00' };

describe('assigning a transfer nobody claimed', () => {
  it('sums every log of the transaction, exactly, and needs one admin below the threshold', () => {
    expect(
      judgeAssignment([log({ amount: '0.10000001' }), log({ amount: '9999.89999998' })], context),
    ).toEqual({
      kind: 'assignable',
      amount: '9999.99999999',
      needsSecondApproval: false,
    });
  });

  it('needs a second admin at the threshold and above', () => {
    expect(judgeAssignment([log({ amount: '10000.00000000' })], context)).toMatchObject({
      needsSecondApproval: true,
    });
    expect(judgeAssignment([log({ amount: '6000' }), log({ amount: '4000' })], context)).toMatchObject({
      needsSecondApproval: true,
    });
  });

  it('refuses a transaction never recorded, claimed, being claimed, too recent or below the minimum', () => {
    const refusal = (logs: RecordedLog[], liveClaim = false) =>
      judgeAssignment(logs, { ...context, liveClaim });
    expect(refusal([])).toMatchObject({ kind: 'refused', status: 404, code: 'TRANSFER_NOT_FOUND' });
    expect(refusal([log(), log({ claimed_by: 'a-deposit' })])).toMatchObject({ code: 'TRANSFER_CLAIMED' });
    expect(refusal([log()], true)).toMatchObject({ status: 409, code: 'TRANSFER_CLAIMED' });
    expect(refusal([log(), log({ unmatched_window_passed: false })])).toMatchObject({
      code: 'TRANSFER_TOO_RECENT',
    });
    expect(refusal([log({ amount: '0.99999999' })])).toMatchObject({ code: 'BELOW_MINIMUM' });
  });
});
