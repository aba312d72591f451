// A signed-in investor's dashboard and lists: profile, balances and history, investments, notifications.
import { check, group, sleep } from 'k6';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  COMMON_THRESHOLDS,
  fund,
  get,
  registerInvestor,
  signIn,
} from './lib/cropvest.js';

const INVESTORS = Number(__ENV.INVESTORS || 20);

export const options = {
  scenarios: { investors: { executor: 'constant-vus', vus: 100, duration: '3m' } },
  thresholds: { ...COMMON_THRESHOLDS, 'http_req_duration{kind:read}': ['p(95)<200'] },
};

export function setup() {
  const admin = signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  return {
    investors: Array.from({ length: INVESTORS }, (_, n) => {
      const investor = registerInvestor('dashboard', n);
      fund(investor.token, admin, '500');
      return investor;
    }),
  };
}

export default function (data) {
  const { token } = data.investors[Math.floor(Math.random() * data.investors.length)];
  group('dashboard', () => {
    for (const path of [
      '/api/auth/me',
      '/api/transactions?pageSize=20',
      '/api/investments',
      '/api/deposits?pageSize=20',
      '/api/withdrawals?pageSize=20',
      '/api/notifications/unread-count',
      '/api/notifications?pageSize=20',
      '/api/plans',
    ])
      check(get(path, token, { kind: 'read' }), {
        [`${path.split('?')[0]} answered`]: (r) => r.status === 200,
      });
  });
  sleep(2);
}
