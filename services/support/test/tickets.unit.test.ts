import { describe, expect, it } from '@jest/globals';
import { planStatusChange, resolvedAtAfter } from '../src/domain/tickets.ts';

const now = new Date('2026-11-22T10:00:00Z');
const earlier = new Date('2026-11-20T10:00:00Z');

describe('resolvedAt', () => {
  it('is stamped when a ticket becomes resolved', () =>
    expect(resolvedAtAfter('open', 'resolved', null, now)).toBe(now));
  it('keeps the first stamp while the ticket stays resolved', () =>
    expect(resolvedAtAfter('resolved', 'resolved', earlier, now)).toBe(earlier));
  it('is kept when a resolved ticket is closed', () =>
    expect(resolvedAtAfter('resolved', 'closed', earlier, now)).toBe(earlier));
  it('stays empty when a ticket is closed without being resolved', () =>
    expect(resolvedAtAfter('open', 'closed', null, now)).toBeNull());
  it.each(['open', 'in_progress'] as const)('is cleared when a resolved ticket is reopened as %s', (to) =>
    expect(resolvedAtAfter('resolved', to, earlier, now)).toBeNull(),
  );
});

describe('a status request', () => {
  const ticket = { status: 'open' as const, assigned_to: null, resolved_at: null };
  it('that changes nothing is not a change', () =>
    expect(planStatusChange(ticket, 'open', undefined, now)).toBeNull());
  it('without assignedTo keeps the assignee', () =>
    expect(planStatusChange({ ...ticket, assigned_to: 'a' }, 'in_progress', undefined, now)).toEqual({
      status: 'in_progress',
      assigned_to: 'a',
      resolved_at: null,
    }));
  it('with assignedTo null clears the assignee', () =>
    expect(planStatusChange({ ...ticket, assigned_to: 'a' }, 'open', null, now)).toEqual({
      status: 'open',
      assigned_to: null,
      resolved_at: null,
    }));
  it('may move from any state to any other', () =>
    expect(planStatusChange({ ...ticket, status: 'closed' }, 'open', undefined, now)?.status).toBe('open'));
});
