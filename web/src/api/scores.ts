import type { ConversionRuleFormParsed, ScoreSystemFormParsed } from '@campus/contract';
import { call } from './client.ts';

/** Calls of the Scores area: conversion rules and score systems (/cjgl/hsgz), docs/calls-scores.md. */
export const SCORE_RULE_CALLS = {
  page: '/api/scores/rules/page',
  get: '/api/scores/rules/get',
  create: '/api/scores/rules/create',
  update: '/api/scores/rules/update',
  delete: '/api/scores/rules/delete',
  export: '/api/scores/rules/export',
} as const;

export const SCORE_SYSTEM_CALLS = {
  page: '/api/scores/systems/page',
  get: '/api/scores/systems/get',
  create: '/api/scores/systems/create',
  update: '/api/scores/systems/update',
  delete: '/api/scores/systems/delete',
  export: '/api/scores/systems/export',
  /** The enabled rules a system may use: { rules: [{ id, name }] }. */
  options: '/api/scores/systems/options',
} as const;

/** The page's permission: `:edit` creates and changes rules and systems, `:delete` deletes them. */
export const SCORE_RULE_PERMISSION = 'score:conversion';

/** The bodies of create and update (the parsed forms); update adds the id. */
export type ConversionRuleBody = Omit<ConversionRuleFormParsed, 'id'> & { id?: number };
export type ScoreSystemBody = Omit<ScoreSystemFormParsed, 'id' | 'conversionRuleId'> & { id?: number; conversionRuleId: number | '' };

export async function fetchRuleChoices(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  return (await call<{ rules: { id: number; name: string }[] } | null>(SCORE_SYSTEM_CALLS.options, { json: {}, signal }))?.rules ?? [];
}
