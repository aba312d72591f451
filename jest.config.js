// Projects: "unit" runs pure tests with no infrastructure; "integration" boots the real stack (PostgreSQL,
// NATS, S3, every service and the gateway) once through test/global-setup.ts, exactly as `npm start` does;
// "exclusive" holds tests that change platform-wide settings (maintenance mode, registrations): scripts/test.ts
// runs them on a stack of their own, one at a time, so they never disturb the parallel suites.
// .tsx for the front end's pure modules that sit beside components (the remotes' route lists, the kit).
const transform = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'es6' },
    },
  ],
};
const common = { extensionsToTreatAsEsm: ['.ts', '.tsx'], transform, testEnvironment: 'node' };

export default {
  // A global option: Jest ignores it inside a project. Integration tests wait on real processes.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/test/**/*.unit.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'exclusive',
      testMatch: ['<rootDir>/**/test/**/*.exclusive.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
    },
  ],
};
