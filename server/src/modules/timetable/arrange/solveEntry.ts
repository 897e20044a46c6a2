import { solve } from './solver/solve.ts';
import type { Problem, SolveOptions, Solution } from './solver/types.ts';

/** The solver as a child computation (platform/childWork.ts): no side effects on import. */
export function solveProblem(input: { problem: Problem; options: Omit<SolveOptions, 'onProgress'> }, progress: (placed: number, total: number) => void): Solution {
  return solve(input.problem, { ...input.options, onProgress: progress });
}
