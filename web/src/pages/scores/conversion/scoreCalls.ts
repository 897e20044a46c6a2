import { request } from '../../../api/client.ts';
import { SCORE_RULE_CALLS, SCORE_SYSTEM_CALLS, type ConversionRuleBody, type ScoreSystemBody } from '../../../api/scores.ts';

/** The enabled rules a score system may use (the system form's choice); saving or deleting a rule refreshes it. */
export const RULE_CHOICES_KEY = ['scores', 'systems', 'ruleChoices'] as const;

/** Creates a rule, or changes it when the body has its id; answers the server's message. */
export async function saveConversionRule(body: ConversionRuleBody): Promise<string> {
  return (await request<{ id: number } | null>(body.id ? SCORE_RULE_CALLS.update : SCORE_RULE_CALLS.create, { json: body })).msg;
}

/** Creates a score system, or changes it when the body has its id; answers the server's message. */
export async function saveScoreSystem(body: ScoreSystemBody): Promise<string> {
  return (await request<{ id: number } | null>(body.id ? SCORE_SYSTEM_CALLS.update : SCORE_SYSTEM_CALLS.create, { json: body })).msg;
}
