import { buildingFormSchema, campusFormSchema, classroomFormSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { t } from '../../../platform/i18n.ts';
import { registerResource, yesNo } from '../../../platform/resource.ts';
import { buildingList, campusList, classroomList, findBuilding, findCampus, findClassroom, listBuildings, listCampuses, listClassrooms } from './queries.ts';
import { createBuilding, createCampus, createClassroom, deleteBuildings, deleteCampuses, deleteClassrooms, updateBuilding, updateCampus, updateClassroom } from './service.ts';

/**
 * /xtgl/xqgl campuses (org units of kind campus with a campus_profiles row), /xtgl/lygl buildings and
 * /xtgl/jsglr classrooms (issue 4 item 8).
 */
export async function facilityRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/system/campuses',
    permission: 'system:campus',
    auditModule: 'system.campus',
    summary: 'campuses',
    list: campusList,
    fetch: listCampuses,
    find: findCampus,
    form: campusFormSchema,
    create: createCampus,
    update: updateCampus,
    remove: deleteCampuses,
    exportName: 'campuses.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 18 },
      { header: t(request, 'campuses.address'), value: (r) => r.address, width: 30 },
      { header: t(request, 'campuses.phone'), value: (r) => r.phone, width: 16 },
      { header: t(request, 'campuses.area'), value: (r) => r.areaName, width: 16 },
      { header: t(request, 'campuses.floorArea'), value: (r) => r.floorArea, width: 16 },
      { header: t(request, 'campuses.postalCodeLabel'), value: (r) => r.postalCode },
      { header: t(request, 'campuses.personInCharge'), value: (r) => r.personInCharge },
      { header: t(request, 'campuses.instrumentValue'), value: (r) => r.instrumentValue, width: 20 },
      { header: t(request, 'campuses.fixedAssetsValue'), value: (r) => r.fixedAssetsValue, width: 20 },
      { header: t(request, 'org.sort'), value: (r) => r.sort },
    ],
  });

  registerResource(fastify, {
    path: '/api/system/buildings',
    permission: 'system:building',
    auditModule: 'system.building',
    summary: 'buildings',
    list: buildingList,
    fetch: listBuildings,
    find: findBuilding,
    form: buildingFormSchema,
    create: createBuilding,
    update: updateBuilding,
    remove: deleteBuildings,
    exportName: 'buildings.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 18 },
      { header: t(request, 'buildings.campus'), value: (r) => r.campusName, width: 14 },
      { header: t(request, 'buildings.floors'), value: (r) => r.floors },
      { header: t(request, 'buildings.usage'), value: (r) => (r.usage ? t(request, `buildings.usage.${r.usage}`) : '') },
      { header: t(request, 'org.enabled'), value: (r) => yesNo(request, r.enabled) },
      { header: t(request, 'org.sort'), value: (r) => r.sort },
      { header: t(request, 'buildings.remark'), value: (r) => r.remark, width: 30 },
    ],
  });

  registerResource(fastify, {
    path: '/api/system/classrooms',
    permission: 'system:classroom',
    auditModule: 'system.classroom',
    summary: 'classrooms',
    list: classroomList,
    fetch: listClassrooms,
    find: findClassroom,
    form: classroomFormSchema,
    create: createClassroom,
    update: updateClassroom,
    remove: deleteClassrooms,
    exportName: 'classrooms.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 24 },
      { header: t(request, 'classrooms.building'), value: (r) => r.building, width: 16 },
      { header: t(request, 'classrooms.campus'), value: (r) => r.campusName, width: 14 },
      { header: t(request, 'classrooms.capacity'), value: (r) => r.capacity },
      { header: t(request, 'classrooms.classesAtOnce'), value: (r) => r.classesAtOnce },
    ],
  });
}

