import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Each test file builds its own database; argon2 and migrations make files take a few seconds.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
