import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const ESM_ONLY = ['next-intl', 'use-intl', 'icu-minify', 'intl-messageformat', '@formatjs', '@schummar'].join('|');

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/unit'],
  setupFiles: ['<rootDir>/tests/unit/setup-env.ts'],
  globalSetup: '<rootDir>/tests/unit/global-setup.mjs',
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/unit/empty-module.ts',
    '^@/(.*)$': '<rootDir>/$1',
  },
  // a database suite seeds its world in a hook: a busy machine (load 10+) took it past 30 s
  testTimeout: 60000,
};

export default async function jestConfig() {
  const built = await createJestConfig(config)();
  built.transformIgnorePatterns = [`/node_modules/(?!(${ESM_ONLY})/)`];
  return built;
}
