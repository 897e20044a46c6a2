import { defineConfig } from 'vitest/config';

// One runner for every workspace: `vitest run` runs all projects, `--project server` only the server.
// CI sets VITEST_JSON to collect the counts for its closing "N passed, M failed" line.
const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    projects: ['server/vitest.config.ts', 'web/vitest.config.ts', 'contract/vitest.config.ts'],
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});
