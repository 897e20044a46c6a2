import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The demo school is migrated and seeded once per run; each file starts from a copy (test/globalSetup.ts).
    globalSetup: ['test/globalSetup.ts'],
    // Each test file builds its own database; argon2 and migrations make files take a few seconds.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
