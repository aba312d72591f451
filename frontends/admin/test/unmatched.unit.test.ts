// Unmatched Deposits' pure rules (docs/decisions/0084): the list's request from the address, and where a held
// assignment stands for the admin looking at it.
import { describe, expect, it } from '@jest/globals';
import { assignmentStage, networkFilter, shortId, unmatchedArgs } from '../src/shared/unmatched/list.ts';
import { listStateOf } from './list-state.ts';

const listState = listStateOf<'network'>({ network: 'all' });

describe('the unmatched list', () => {
  it('asks for the searched network and page, the page size within the server’s bounds', () => {
    expect(unmatchedArgs(listState())).toEqual({ page: 1, pageSize: 20, network: 'all' });
    expect(
      unmatchedArgs(listState({ page: 3, pageSize: 500, search: '  0xabc ', filters: { network: 'BEP20' } })),
    ).toEqual({ page: 3, pageSize: 200, q: '0xabc', network: 'BEP20' });
  });

  it('takes a network from the address only when the server knows it', () => {
    expect(networkFilter('TRC20')).toBe('TRC20');
    expect(networkFilter('trc20')).toBe('all');
    expect(networkFilter('')).toBe('all');
  });

  it('lets another admin than the one who assigned it give the second approval', () => {
    const held = { status: 'awaiting_second_approval' as const, requestedBy: 'first-admin' };
    expect(assignmentStage(held, 'first-admin')).toBe('waiting-for-another-admin');
    expect(assignmentStage(held, 'second-admin')).toBe('second');
    expect(assignmentStage({ ...held, status: 'applied' }, 'second-admin')).toBe('done');
  });

  it('shortens long ids and addresses, keeping both ends', () => {
    expect(shortId(`0x${'ab'.repeat(32)}`)).toBe('0xababab…ababab');
    expect(shortId('TShort')).toBe('TShort');
  });
});
