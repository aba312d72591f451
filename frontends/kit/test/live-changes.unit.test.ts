import { describe, expect, it } from '@jest/globals';
import { LIVE_TOPICS } from '@cropvest/contracts/notify/notification-stream';
import { ALL_LIVE_TAGS, LIVE_TOPIC_TAGS, tagsForTopics } from '../src/live-changes.ts';

describe('what a live change makes the screens read again', () => {
  it('maps every topic the stream can name to at least one cache tag', () => {
    for (const topic of LIVE_TOPICS) expect(LIVE_TOPIC_TAGS[topic].length).toBeGreaterThan(0);
  });

  it("refreshes the investor's balance and deposit lists when a deposit is approved, once each", () => {
    expect(tagsForTopics(['deposits', 'balance', 'deposits'])).toEqual([
      { type: 'Deposits', id: 'LIST' },
      'AdminDashboard',
      'AdminUserPage',
      'User',
    ]);
  });

  it('after a drop reads again everything a change could have named', () => {
    expect(ALL_LIVE_TAGS).toEqual(expect.arrayContaining(['User', 'Plans', 'Tickets', 'Kyc', 'AdminKyc']));
  });
});
