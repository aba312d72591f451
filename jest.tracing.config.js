// One request followed across the gateway, a service, NATS and a consumer, on a stack whose processes export
// their spans to the test over OTLP (test/tracing.global-setup.ts). A config of its own, so the tracing stack
// boots only for these files. `npm run test:jest -- -c jest.tracing.config.js`; `npm test` runs it.
import base from './jest.config.js';

const integration = base.projects.find((project) => project.displayName === 'integration');

export default {
  testTimeout: base.testTimeout,
  projects: [
    {
      ...integration,
      displayName: 'tracing',
      testMatch: ['<rootDir>/**/test/**/*.tracing.test.ts'],
      globalSetup: '<rootDir>/test/tracing.global-setup.ts',
    },
  ],
};
