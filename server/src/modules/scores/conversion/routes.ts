import { conversionRuleFormSchema, scoreSystemFormSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { registerResource, yesNo } from '../../../platform/resource.ts';
import {
  conversionRuleList,
  createConversionRule,
  createScoreSystem,
  deleteConversionRules,
  deleteScoreSystems,
  findConversionRule,
  findScoreSystem,
  listConversionRules,
  listScoreSystems,
  ruleChoices,
  SCORE_RULE_PERMISSION,
  scoreSystemList,
  updateConversionRule,
  updateScoreSystem,
} from './service.ts';

/** 换算规则 (/cjgl/hsgz): conversion rules and score systems, docs/calls-scores.md. */
export async function conversionRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/scores/rules',
    permission: SCORE_RULE_PERMISSION,
    auditModule: 'scores.rules',
    summary: 'conversion rules',
    list: conversionRuleList,
    fetch: listConversionRules,
    find: findConversionRule,
    form: conversionRuleFormSchema,
    create: createConversionRule,
    update: updateConversionRule,
    remove: deleteConversionRules,
    exportName: 'scoreRule.exportName',
    columns: (request) => [
      { header: t(request, 'scoreRule.col.name'), value: (r) => r.name, width: 24 },
      {
        header: t(request, 'scoreRule.col.levels'),
        value: (r) => r.levels.map((l) => `${l.name} ${l.lowestScore}-${l.highestScore}→${l.convertedScore} (${l.lowestRate}-${l.highestRate}%)`).join('; '),
        width: 60,
      },
      { header: t(request, 'scoreRule.col.enabled'), value: (r) => yesNo(request, r.enabled) },
      { header: t(request, 'scoreRule.col.remarks'), value: (r) => r.remarks, width: 30 },
    ],
  });

  registerResource(fastify, {
    path: '/api/scores/systems',
    permission: SCORE_RULE_PERMISSION,
    auditModule: 'scores.systems',
    summary: 'score systems',
    list: scoreSystemList,
    fetch: listScoreSystems,
    find: findScoreSystem,
    form: scoreSystemFormSchema,
    create: createScoreSystem,
    update: updateScoreSystem,
    remove: deleteScoreSystems,
    exportName: 'scoreSystem.exportName',
    columns: (request) => [
      { header: t(request, 'scoreSystem.col.name'), value: (r) => r.name, width: 20 },
      { header: t(request, 'scoreSystem.col.fullMark'), value: (r) => r.fullMark },
      { header: t(request, 'scoreSystem.col.lines'), value: (r) => `${r.passLine} / ${r.goodLine} / ${r.excellentLine}`, width: 20 },
      { header: t(request, 'scoreSystem.col.rule'), value: (r) => r.conversionRuleName, width: 20 },
      { header: t(request, 'scoreSystem.col.enabled'), value: (r) => yesNo(request, r.enabled) },
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/scores/systems/options',
    { config: { access: { permission: SCORE_RULE_PERMISSION }, readOnly: true }, schema: { tags: ['scores'], summary: 'The enabled conversion rules a score system may use' } },
    async () => ok({ rules: await ruleChoices(app.database.db) }),
  );
}
