import { describe, expect, it } from '@jest/globals';
import { eventSchemas } from '@cropvest/contracts';
import { BUS_MATRIX } from '@cropvest/service-kit/bus';
import { LIVE_CHANGE_EVENTS, LIVE_CHANGES } from '../src/push/live-changes.ts';

describe("the live stream's changes (decision 0105)", () => {
  it('follows only published events, each granted to notify on the bus', () => {
    for (const type of LIVE_CHANGE_EVENTS) {
      expect(Object.hasOwn(eventSchemas, type)).toBe(true);
      expect(BUS_MATRIX.notify.watches).toContain(type);
    }
  });

  it('tells admins of every queue entry and everyone only of plan slots', () => {
    const everyone = new Set(
      Object.values(LIVE_CHANGES).flatMap((rule) => ('everyone' in rule ? rule.everyone : [])),
    );
    expect([...everyone]).toEqual(['plans']);
    for (const type of [
      'deposit.requested',
      'withdrawal.requested',
      'kyc.submitted',
      'ticket.created',
    ] as const)
      expect(LIVE_CHANGES[type].admins.length).toBeGreaterThan(0);
  });

  it("empties the admins' queue of unclaimed transfers when one is assigned, and tells its new owner", () => {
    expect(LIVE_CHANGES['chain.transfer.assigned']).toEqual({
      owner: ['deposits'],
      admins: ['unmatched', 'deposits'],
    });
  });

  it("tells no investor of a change that is no one investor's", () => {
    for (const type of [
      'user.registered',
      'user.updated',
      'user.banned',
      'chain.funding_transfer.verified',
    ] as const)
      expect(LIVE_CHANGES[type].owner).toEqual([]);
  });
});
