import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace: `vitest run` runs all projects, `--project server` only the server.
// CI sets VITEST_JSON to collect the counts for its closing "N passed, M failed" line.
const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    projects: ['server/vitest.config.ts', 'web/vitest.config.ts', 'contract/vitest.config.ts'],
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's 2 cores, while a file
    // spends part of its time waiting (on PostgreSQL, on timers). Two files at once finish sooner there
    // (docs/decisions.md "CI time").
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
