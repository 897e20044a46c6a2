import type { FastifyInstance } from 'fastify';
import type { Access } from '../platform/context.ts';
import { accountRoutes } from './session/account/routes.ts';
import { authRoutes } from './session/auth/routes.ts';
import { mfaRoutes } from './session/auth/mfaRoutes.ts';
import { componentRoutes } from './shared/picker/routes.ts';
import { dictionaryRoutes } from './shared/dictionaries/routes.ts';
import { operationLogRoutes } from './system/logs/routes.ts';
import { jobRoutes } from './system/jobs/routes.ts';
import { permissionRoutes } from './session/permission/routes.ts';
import { settingsRoutes } from './system/settings/routes.ts';
import { staffProfileRoutes } from './records/staffProfile/routes.ts';
import { studentRoutes } from './records/students/routes.ts';
import { timetableRoutes } from './timetable/views/routes.ts';
import { filesRoutes } from './shared/files/routes.ts';
import { messageRoutes } from './messages/centre/routes.ts';
import { userRoutes } from './system/users/routes.ts';
import { roleRoutes } from './system/roles/routes.ts';
import { menuRoutes } from './system/menus/routes.ts';
import { homeCardRoutes } from './system/homeCards/routes.ts';
import { customPageRoutes } from './system/customPages/routes.ts';
import { organisationRoutes } from './system/organisation/routes.ts';
import { calendarRoutes } from './system/calendar/routes.ts';
import { facilityRoutes } from './system/facilities/routes.ts';
import { courseRoutes } from './system/courses/routes.ts';
import { researchGroupRoutes } from './system/researchGroups/routes.ts';
import { classAdminRoutes } from './system/classes/routes.ts';
import { studentAdminRoutes } from './system/students/routes.ts';
import { staffAdminRoutes } from './records/staff/routes.ts';
import { noticeRoutes } from './homeSchool/notices/routes.ts';
import { eventRoutes } from './homeSchool/events/routes.ts';
import { conductRoutes } from './homeSchool/conduct/routes.ts';
import { smsRoutes } from './homeSchool/sms/routes.ts';
import { homeworkRoutes } from './homeSchool/homework/routes.ts';
import { competitionRoutes } from './awards/competitions/routes.ts';
import { disciplinaryRoutes } from './awards/disciplinary/routes.ts';
import { aboveSchoolRoutes } from './awards/aboveSchool/routes.ts';
import { myAwardRoutes } from './awards/myAwards/routes.ts';
import { approvalRoutes } from './applications/approvals/routes.ts';
import { leaveRoutes } from './applications/leave/routes.ts';
import { certificateRoutes } from './applications/certificates/routes.ts';
import { rollChangeRoutes } from './roll/changes/routes.ts';
import { enrolmentRoutes } from './roll/enrolment/routes.ts';
import { teachingClassRoutes } from './roll/teachingClasses/routes.ts';
import { examBatchRoutes } from './exams/batches/routes.ts';
import { examRoomRoutes } from './exams/rooms/routes.ts';
import { invigilationRoutes } from './exams/invigilation/routes.ts';
import { conversionRoutes } from './scores/conversion/routes.ts';
import { scoreBatchRoutes } from './scores/batches/routes.ts';
import { scoreEntryRoutes } from './scores/entry/routes.ts';
import { subItemRoutes } from './scores/subItems/routes.ts';
import { myScoreRoutes } from './scores/mine/routes.ts';
import { scoreAnalysisRoutes } from './scores/analysis/routes.ts';
import { analysisSettingsRoutes } from './scores/analysisSettings/routes.ts';
import { overallRoutes } from './scores/overall/routes.ts';
import { externalScoreRoutes } from './scores/external/routes.ts';
import { scoreMaintenanceRoutes } from './scores/maintenance/routes.ts';
import { studentGroupRoutes } from './scores/groups/routes.ts';
import { termEvaluationRoutes } from './evaluation/termEvaluation/routes.ts';
import { reportRoutes } from './evaluation/reports/routes.ts';
import { electiveDeclarationRoutes } from './electives/declarations/routes.ts';
import { headTeacherOverviewRoutes } from './headTeacher/overview/routes.ts';
import { headTeacherRecordRoutes } from './headTeacher/records/routes.ts';
import { headTeacherFundRoutes } from './headTeacher/fund/routes.ts';
import { headTeacherDutyRoutes } from './headTeacher/duty/routes.ts';
import { headTeacherSeatingRoutes } from './headTeacher/seating/routes.ts';
import { insuranceRoutes } from './safety/insurance/routes.ts';
import { disciplineRoutes } from './safety/discipline/routes.ts';
import { labRoutes } from './campusLife/labs/routes.ts';
import { electiveSelectionRoutes } from './electives/selection/routes.ts';
import { electiveEvaluationRoutes } from './electives/evaluation/routes.ts';
import { arrangeRoutes } from './timetable/arrange/routes.ts';
import { shiftClassRoutes } from './electives/shiftClasses/routes.ts';
import { admissionRoutes } from './roll/admission/routes.ts';
import { openClassRoutes } from './safety/openClass/routes.ts';
import { stratifiedClassRoutes } from './roll/stratifiedClasses/routes.ts';
import { familyCommitteeRoutes } from './homeSchool/familyCommittee/routes.ts';
import { researchMeetingRoutes } from './system/researchMeetings/routes.ts';
import { termStudentRoutes } from './system/termStudents/routes.ts';
import { materialRoutes } from './teaching/materials/routes.ts';
import { lessonChangeRoutes } from './timetable/changes/routes.ts';
import { lectureRoutes } from './campusLife/lectures/routes.ts';
import { activityRoutes } from './campusLife/activities/routes.ts';
import { dormitoryRoutes } from './campusLife/dormitories/routes.ts';
import { associationRoutes } from './campusLife/associations/routes.ts';

import { surveyDesignRoutes } from './surveys/design/routes.ts';
import { surveyAnsweringRoutes } from './surveys/answering/routes.ts';
import { surveyStatisticsRoutes } from './surveys/statistics/routes.ts';
/** A module route as declared: what the fuzz and role-matrix suites walk (server/src/platform/*.test.ts). */
export interface DeclaredRoute {
  methods: string[];
  url: string;
  access: Access;
  audited: boolean;
}

/** Every module route must say who may call it; a route without `access` stops the server at start-up. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  // buildApp decorates the root instance so the list is readable from it; a bare scope gets its own.
  if (!app.hasDecorator('declaredRoutes')) app.decorate('declaredRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    app.declaredRoutes.push({ methods: methods.filter((m) => m !== 'HEAD'), url: route.url, access: route.config.access, audited: Boolean(route.config.audit) });
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD') && !route.config.audit && !route.config.readOnly) {
      throw new Error(`Route ${route.method} ${route.url} must declare audit (it may write) or readOnly`);
    }
  });
  await app.register(settingsRoutes);
  await app.register(authRoutes);
  await app.register(mfaRoutes);
  await app.register(permissionRoutes);
  await app.register(accountRoutes);
  await app.register(operationLogRoutes);
  await app.register(jobRoutes);
  await app.register(componentRoutes);
  await app.register(dictionaryRoutes);
  await app.register(timetableRoutes);
  await app.register(studentRoutes);
  await app.register(staffProfileRoutes);
  await app.register(messageRoutes);
  await app.register(filesRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(menuRoutes);
  await app.register(homeCardRoutes);
  await app.register(customPageRoutes);
  await app.register(organisationRoutes);
  await app.register(calendarRoutes);
  await app.register(facilityRoutes);
  await app.register(courseRoutes);
  await app.register(researchGroupRoutes);
  await app.register(classAdminRoutes);
  await app.register(studentAdminRoutes);
  await app.register(staffAdminRoutes);
  await app.register(noticeRoutes);
  await app.register(eventRoutes);
  await app.register(conductRoutes);
  await app.register(smsRoutes);
  await app.register(homeworkRoutes);
  await app.register(competitionRoutes);
  await app.register(disciplinaryRoutes);
  await app.register(aboveSchoolRoutes);
  await app.register(myAwardRoutes);
  await app.register(approvalRoutes);
  await app.register(leaveRoutes);
  await app.register(certificateRoutes);
  await app.register(rollChangeRoutes);
  await app.register(enrolmentRoutes);
  await app.register(teachingClassRoutes);
  await app.register(examBatchRoutes);
  await app.register(examRoomRoutes);
  await app.register(invigilationRoutes);
  await app.register(conversionRoutes);
  await app.register(scoreBatchRoutes);
  await app.register(subItemRoutes);
  await app.register(scoreEntryRoutes);
  await app.register(myScoreRoutes);
  await app.register(scoreAnalysisRoutes);
  await app.register(analysisSettingsRoutes);
  await app.register(overallRoutes);
  await app.register(externalScoreRoutes);
  await app.register(scoreMaintenanceRoutes);
  await app.register(studentGroupRoutes);
  await app.register(termEvaluationRoutes);
  await app.register(reportRoutes);
  await app.register(electiveDeclarationRoutes);
  await app.register(headTeacherOverviewRoutes);
  await app.register(headTeacherRecordRoutes);
  await app.register(headTeacherFundRoutes);
  await app.register(headTeacherDutyRoutes);
  await app.register(headTeacherSeatingRoutes);
  await app.register(insuranceRoutes);
  await app.register(disciplineRoutes);
  await app.register(labRoutes);
  await app.register(electiveSelectionRoutes);
  await app.register(electiveEvaluationRoutes);
  await app.register(lessonChangeRoutes);
  await app.register(arrangeRoutes);
  await app.register(shiftClassRoutes);
  await app.register(admissionRoutes);
  await app.register(openClassRoutes);
  await app.register(stratifiedClassRoutes);
  await app.register(familyCommitteeRoutes);
  await app.register(researchMeetingRoutes);
  await app.register(termStudentRoutes);
  await app.register(materialRoutes);
  await app.register(lectureRoutes);
  await app.register(activityRoutes);
  await app.register(dormitoryRoutes);
  await app.register(associationRoutes);
  await app.register(surveyDesignRoutes);
  await app.register(surveyAnsweringRoutes);
  await app.register(surveyStatisticsRoutes);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every module route with its access and whether it is logged, in registration order. */
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyContextConfig {
    /** A POST that only reads (the legacy API posts its queries): no operation-log entry. */
    readOnly?: boolean;
  }
}
