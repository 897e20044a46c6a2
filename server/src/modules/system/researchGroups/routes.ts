import { researchGroupFormSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { t } from '../../../platform/i18n.ts';
import { registerResource, yesNo } from '../../../platform/resource.ts';
import { findGroup, groupList, listGroups } from './queries.ts';
import { createGroup, deleteGroups, updateGroup } from './service.ts';

/**
 * /xtgl/jyzgl teaching-research groups (issue 4 item 9): org units of kind researchGroup with a profile
 * (leader, course, remarks) and members. A member cannot also be the leader; a group a course uses stays.
 */
export async function researchGroupRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/system/researchGroups',
    permission: 'system:researchGroup',
    auditModule: 'system.researchGroup',
    summary: 'teaching-research groups',
    list: groupList,
    fetch: listGroups,
    find: findGroup,
    form: researchGroupFormSchema,
    create: createGroup,
    update: updateGroup,
    remove: deleteGroups,
    exportName: 'researchGroups.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 18 },
      { header: t(request, 'researchGroups.course'), value: (r) => r.courseName, width: 14 },
      { header: t(request, 'researchGroups.leader'), value: (r) => r.leaderName, width: 12 },
      { header: t(request, 'researchGroups.members'), value: (r) => r.members.map((m) => m.name).join(', '), width: 40 },
      { header: t(request, 'org.enabled'), value: (r) => yesNo(request, r.enabled) },
      { header: t(request, 'org.sort'), value: (r) => r.sort },
      { header: t(request, 'researchGroups.remark'), value: (r) => r.remark, width: 30 },
    ],
  });
}
