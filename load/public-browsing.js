// Visitors on the landing page: the page itself, the active plans, the public settings and figures, the FAQ.
import { check, group, sleep } from 'k6';
import { COMMON_THRESHOLDS, get } from './lib/cropvest.js';

export const options = {
  scenarios: {
    visitors: {
      executor: 'ramping-vus',
      stages: [
        { duration: '1m', target: 200 },
        { duration: '3m', target: 200 },
        { duration: '30s', target: 0 },
      ],
    },
  },
  thresholds: {
    ...COMMON_THRESHOLDS,
    'http_req_duration{kind:api}': ['p(95)<200'],
    'http_req_duration{kind:page}': ['p(95)<300'],
  },
};

export default function () {
  group('landing page', () => {
    check(get('/', undefined, { kind: 'page' }), { 'page served': (r) => r.status === 200 });
    for (const path of ['/api/plans', '/api/settings/public', '/api/stats/public', '/api/faq'])
      check(get(path, undefined, { kind: 'api' }), { [`${path} answered`]: (r) => r.status === 200 });
  });
  sleep(1);
}
