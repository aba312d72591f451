// One new plan with fewer slots than buyers, bought by all of them at the same moment: every purchase is answered
// (bought, or refused because the slots ran out), and no slot is sold twice or beyond the total: the plan's sold
// slots equal the slots of the investments made, and never exceed its total.
import { check, sleep } from 'k6';
import {
  acknowledgement,
  ADMIN_EMAIL,
  answerSuitability,
  ADMIN_PASSWORD,
  COMMON_THRESHOLDS,
  createPlan,
  fund,
  get,
  plansKnowKyc,
  registerInvestor,
  send,
  signIn,
  verify,
} from './lib/cropvest.js';

const INVESTORS = Number(__ENV.INVESTORS || 50);
/** Half as many slots as buyers: the rush sells the plan out. */
const TOTAL_SLOTS = Math.max(1, Math.floor(INVESTORS / 2));

export const options = {
  scenarios: { rush: { executor: 'per-vu-iterations', vus: INVESTORS, iterations: 1, maxDuration: '2m' } },
  thresholds: { ...COMMON_THRESHOLDS, 'http_req_duration{name:buy slots}': ['p(95)<1000'] },
};

export function setup() {
  const admin = signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const planId = createPlan(admin, { title: `Hot plan ${Date.now()}`, totalSlots: TOTAL_SLOTS });
  const investors = Array.from({ length: INVESTORS }, (_, n) => {
    const investor = registerInvestor('hot-plan', n);
    fund(investor.token, admin, '100');
    verify(investor, admin, plansKnowKyc(investor.token, planId));
    answerSuitability(investor.token);
    return investor;
  });
  return { admin, investors, planId, acknowledged: acknowledgement(planId) };
}

export default function (data) {
  const investor = data.investors[(__VU - 1) % data.investors.length];
  const bought = send(
    'POST',
    '/api/investments',
    investor.token,
    { planId: data.planId, ...data.acknowledged, slotsPurchased: 1 },
    { name: 'buy slots' },
  );
  check(bought, {
    'bought, or refused as sold out': (r) =>
      r.status === 201 || (r.status === 400 && r.json('code') === 'NOT_ENOUGH_SLOTS'),
  });
}

export function teardown(data) {
  // Plan Analytics lists the newest plans first: this one is on the first page. A purchase holds its slots from
  // the start and counts as an investment once its debit went through, a moment later: wait for that.
  const read = () =>
    (get('/api/admin/plans/analytics?page=1&pageSize=50', data.admin).json() || []).find(
      (p) => p.planId === data.planId,
    );
  let plan = read();
  for (let tries = 0; plan && plan.investments !== plan.slotsSold && tries < 20; tries++) {
    sleep(0.5);
    plan = read();
  }
  check(plan, {
    'slots sold': (p) => Boolean(p) && p.slotsSold > 0,
    'never oversold': (p) => Boolean(p) && p.slotsSold <= p.totalSlots,
    // One slot per purchase: every sold slot belongs to exactly one investment.
    'sold slots are the investments made': (p) => Boolean(p) && p.investments === p.slotsSold,
  });
}
