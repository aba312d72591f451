// The money races, the accrual and the ledger check again, on a stack with two processes of every service and
// of the gateway (STACK_REPLICAS=2, test/replicas.global-setup.ts): the same tests must give the same
// results as with one. A config of its own, so a run of those files under jest.config.js boots one stack only.
// `npm run test:jest -- -c jest.replicas.config.js`; `npm test` runs it after the exclusive suites.
import base from './jest.config.js';

const integration = base.projects.find((project) => project.displayName === 'integration');

export default {
  testTimeout: base.testTimeout,
  projects: [
    {
      ...integration,
      displayName: 'replicas',
      testMatch: [
        '<rootDir>/services/wallet/test/money-flows.int.test.ts',
        '<rootDir>/services/plans/test/investing.int.test.ts',
        '<rootDir>/services/plans/test/accrual.exclusive.test.ts',
        '<rootDir>/**/test/**/*.replicas.test.ts',
      ],
      globalSetup: '<rootDir>/test/replicas.global-setup.ts',
    },
  ],
};
