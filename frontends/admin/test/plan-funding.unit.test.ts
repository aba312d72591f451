// The funding desk's pure rules (docs/decisions/0091): the desk's request from the address, the days a record and
// a postponement default to, and where a four-eyes proposal (a settlement, a reserve allocation) stands for the
// admin looking at it.
import { describe, expect, it } from '@jest/globals';
import {
  deskArgs,
  PAYOUT_FILTERS,
  payoutFilter,
  proposalStage,
  today,
  tomorrow,
} from '../src/shared/plan-funding/rules.ts';
import { listStateOf } from './list-state.ts';

const listState = listStateOf<'status'>({ status: 'all' });

describe('the funding desk', () => {
  it('asks for every plan, or one payout status, the page size within the server’s bounds', () => {
    expect(deskArgs(listState())).toEqual({ page: 1, pageSize: 20 });
    expect(deskArgs(listState({ page: 2, pageSize: 900, filters: { status: 'settlement_needed' } }))).toEqual(
      { page: 2, pageSize: 200, payoutStatus: 'settlement_needed' },
    );
  });

  it('takes a payout status from the address only when the server knows it', () => {
    expect(payoutFilter('postponed')).toBe('postponed');
    expect(payoutFilter('Settlement_Needed')).toBe('all');
    expect(payoutFilter('')).toBe('all');
    expect(PAYOUT_FILTERS.map((filter) => filter.value)).toEqual([
      'all',
      'open',
      'paying',
      'settlement_needed',
      'postponed',
      'settled',
      'failed',
    ]);
  });

  it('dates a record today and a postponement from tomorrow, in UTC days', () => {
    const lateEvening = Date.UTC(2026, 10, 30, 23, 30);
    expect(today(lateEvening)).toBe('2026-11-30');
    expect(tomorrow(lateEvening)).toBe('2026-12-01');
  });

  it('leaves a proposal’s decision to another admin than its proposer', () => {
    const proposal = { status: 'awaiting_second_approval' as const, requestedBy: 'first-admin' };
    expect(proposalStage(proposal, 'first-admin')).toBe('waiting-for-another-admin');
    expect(proposalStage(proposal, 'second-admin')).toBe('second');
    expect(proposalStage({ ...proposal, status: 'approved' }, 'second-admin')).toBe('done');
    expect(proposalStage({ ...proposal, status: 'rejected' }, 'first-admin')).toBe('done');
  });
});
