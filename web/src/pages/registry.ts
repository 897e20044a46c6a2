import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute } from '../app/menuRoutes.ts';
import { CUSTOM_PAGE_PREFIX } from '../app/menuRoutes.ts';
import { withTexts, type TextArea } from '../i18n/areas.ts';
import { demoPageLoaders } from './demo/routes.ts';

/** What every page receives: the route it was opened through (title, menu url, custom-page parameter). */
export interface PageProps {
  route: AppRoute;
}

export type PageComponent = ComponentType<PageProps>;
export type PageLoader = () => Promise<{ default: PageComponent }>;

/**
 * The text areas (../i18n/areas.ts) of the management screens: the shared management texts (system) and
 * the area's own. A page of an area resolves only when its texts are in.
 */
const management = (area?: Exclude<TextArea, 'system'>): TextArea[] => (area ? ['system', area] : ['system']);

/**
 * Menu url → lazily imported page. Later issues add their screens here, e.g.
 *   '/system/user': withTexts(management(), () => import('./system/UserPage.tsx')),
 * A menu url without an entry renders the NotAvailable page, which names the area.
 * Custom pages (sfzdy = 1) are looked up under '/customPreview'.
 */
export const pageLoaders: Record<string, PageLoader> = {
  ...demoPageLoaders,
  '/kbgl/xskb': withTexts(['timetable', 'profiles'], () => import('./timetable/views/StudentTimetablePage.tsx')),
  '/kbgl/jskb': withTexts(['timetable', 'profiles', 'teaching'], () => import('./timetable/views/TeacherTimetablePage.tsx')),
  '/kbgl/bjkb': withTexts(['timetable', 'profiles'], () => import('./timetable/views/ClassTimetablePage.tsx')),
  '/kbgl/tksq': withTexts(management('timetable'), () => import('./timetable/changes/LessonChangesPage.tsx').then((m) => ({ default: m.SwapRequestsPage }))),
  '/kbgl/bksq': withTexts(management('timetable'), () => import('./timetable/changes/LessonChangesPage.tsx').then((m) => ({ default: m.MakeUpRequestsPage }))),
  '/kbgl/pkgl': withTexts(management('timetable'), () => import('./timetable/arrange/ArrangePage.tsx')),
  '/rygl/xsxx': withTexts(['students', 'profiles', 'timetable'], () => import('./records/students/StudentsPage.tsx')),
  '/messageCenter/xxzx': withTexts(['messageCenter'], () => import('./messages/centre/MessageCenterPage.tsx')),
  '/jxhd/tzfb': withTexts(management('homeSchool'), () => import('./homeSchool/notices/NoticesPage.tsx')),
  '/jxhd/wdtz': withTexts(['homeSchool', 'teaching'], () => import('./homeSchool/myNotices/MyNoticesPage.tsx')),
  '/jxhd/hdfb': withTexts(management('homeSchool'), () => import('./homeSchool/events/EventsPage.tsx')),
  '/jxhd/bxfb': withTexts(management('homeSchool'), () => import('./homeSchool/conduct/ConductPage.tsx')),
  '/jxhd/bxhf': withTexts(['homeSchool'], () => import('./homeSchool/conductReplies/ConductRepliesPage.tsx')),
  '/jxhd/wdzy': withTexts(['homeSchool'], () => import('./homeSchool/myHomework/MyHomeworkPage.tsx')),
  '/jxhd/dxtx': withTexts(management('homeSchool'), () => import('./homeSchool/sms/SmsPage.tsx')),
  '/jxhd/zyfb': withTexts([...management('homeSchool'), 'students', 'profiles', 'timetable'], () => import('./homeSchool/assignments/AssignmentsPage.tsx')),
  '/jsgl/jssz': withTexts(management('awards'), () => import('./awards/settings/CompetitionsPage.tsx')),
  '/jsgl/xkhj': withTexts(management('awards'), () => import('./awards/disciplinary/DisciplinaryPage.tsx')),
  '/jsgl/xjys': withTexts(management('awards'), () => import('./awards/aboveSchool/AboveSchoolPage.tsx')),
  '/jsgl/wdhj': withTexts(['awards'], () => import('./awards/myAwards/MyAwardsPage.tsx')),
  '/xjgl/xjyd': withTexts([...management('roll'), 'applications'], () => import('./roll/changes/RollChangesPage.tsx')),
  '/xjgl/zsgl': withTexts([...management('roll'), 'people'], () => import('./roll/enrolment/EnrolmentPage.tsx')),
  '/xjgl/jxbfp': withTexts([...management('roll'), 'teaching'], () => import('./roll/teachingClasses/TeachingClassesPage.tsx')),
  '/jxmgr/fcjx/fcbj': withTexts(management('teaching'), () => import('./roll/stratifiedClasses/LevelClassesPage.tsx')),
  '/jxmgr/fcjx/fcbjxs': withTexts(management('teaching'), () => import('./roll/stratifiedClasses/LevelStudentsPage.tsx')),
  '/jwhgl/bmry': withTexts(management('teaching'), () => import('./homeSchool/familyCommittee/FamilyCommitteePage.tsx')),
  '/jyhygl/hygl': withTexts(management('teaching'), () => import('./system/researchMeetings/ResearchMeetingsPage.tsx')),
  '/jxzygl/xnxqgl/xswh': withTexts(management('teaching'), () => import('./system/termStudents/TermStudentsPage.tsx')),
  '/jc/nlmb': withTexts(management('teaching'), () => import('./teaching/materials/AbilityTemplatesPage.tsx')),
  '/jc/zssp': withTexts(management('teaching'), () => import('./teaching/materials/KnowledgePointsPage.tsx')),
  '/jc/zj': withTexts(management('teaching'), () => import('./teaching/materials/ChaptersPage.tsx')),
  '/sxxmb/sxxmbTable/mxbTble': withTexts(management('teaching'), () => import('./teaching/materials/AttributeTemplatesPage.tsx')),
  '/lqgl/index': withTexts(management('roll'), () => import('./roll/admission/AdmissionPage.tsx')),
  '/fbgl/index': withTexts(management('roll'), () => import('./roll/admission/DivisionPage.tsx')),
  '/kwgl/kspc': withTexts(management('exams'), () => import('./exams/batches/ExamBatchesPage.tsx')),
  '/kwgl/kcap': withTexts(management('exams'), () => import('./exams/rooms/ExamRoomsPage.tsx')),
  '/kwapjt/room': withTexts(management('exams'), () => import('./exams/rooms/RoomArrangementPage.tsx')),
  '/kwapjt/jxb': withTexts(management('exams'), () => import('./exams/rooms/ClassSeatsPage.tsx')),
  '/cjgl/cjpc': withTexts([...management('scores'), 'exams'], () => import('./scores/batches/ScoreBatchesPage.tsx')),
  '/cjgl/hsgz': withTexts(management('scores'), () => import('./scores/conversion/ConversionRulesPage.tsx')),
  '/cjgl/fxcj': withTexts(management('scores'), () => import('./scores/subItems/SubItemsPage.tsx')),
  '/cjgl/cjdj': withTexts(management('scores'), () => import('./scores/entry/ScoreEntryPage.tsx')),
  '/xspj/qmpjwh': withTexts(management('evaluation'), () => import('./evaluation/termMaintain/TermMaintainPage.tsx')),
  '/xspj/qmpjtx': withTexts(management('evaluation'), () => import('./evaluation/termFill/TermFillPage.tsx')),
  '/xspj/zhszbg': withTexts(['evaluation', 'scores'], () => import('./evaluation/qualityReport/QualityReportPage.tsx')),
  '/xspj/xybg': withTexts(['evaluation', 'scores'], () => import('./evaluation/studyReport/StudyReportPage.tsx')),
  '/cjfxNew/zpfx/zpfxgl': withTexts(management('scores'), () => import('./scores/overall/OverallSchemesPage.tsx')),
  '/cjfxNew/zpfx/zpfxsz': withTexts(management('scores'), () => import('./scores/overall/OverallSettingsPage.tsx')),
  '/cjfxNew/zpfx/cjxq': withTexts(management('scores'), () => import('./scores/overall/OverallDetailsPage.tsx')),
  '/cjfxNew/cjgl/kscjwh': withTexts(management('scores'), () => import('./scores/maintenance/ScoreMaintenancePage.tsx')),
  '/cjfxNew/zdyqtgl': withTexts(management('scores'), () => import('./scores/groups/StudentGroupsPage.tsx')),
  '/cjglNew/xwcj/kscjwh': withTexts(management('scores'), () => import('./scores/external/ExternalScoresPage.tsx')),
  '/cjfxNew/cjgl/ksfxsz': withTexts(management('scores'), () => import('./scores/analysisSettings/AnalysisSettingsPage.tsx')),
  '/cjfxNew/cjfx/cjxq': withTexts(management('scores'), () => import('./scores/analysis/ScoreAnalysisPage.tsx')),
  '/cjfxNew/cjfx/grfx': withTexts(['scores'], () => import('./scores/mine/MyScoresPage.tsx')),
  '/kwgl/jkap': withTexts(management('exams'), () => import('./exams/invigilation/InvigilationPage.tsx')),
  '/kwapjt/pk': withTexts(management('exams'), () => import('./exams/invigilation/InvigilationArrangementPage.tsx')),
  '/sqsp/sqsh': withTexts([...management('applications'), 'homeSchool'], () => import('./applications/review/ReviewPage.tsx')),
  '/sqsp/splc': withTexts(management('applications'), () => import('./applications/flows/FlowsPage.tsx')),
  '/sqsp/qjsq': withTexts([...management('applications'), 'homeSchool'], () => import('./applications/leave/LeavePage.tsx')),
  '/sqsp/wcsq': withTexts([...management('applications'), 'homeSchool'], () => import('./applications/travel/TravelPage.tsx')),
  // Class teacher work: the two menus and the hidden /bzrgzscgl/ pages opened from Class work.
  '/bzrsc/bjgk': withTexts([...management('headTeacher'), 'homeSchool', 'students', 'profiles', 'timetable'], () => import('./headTeacher/overview/OverviewPage.tsx')),
  '/bzrsc/bjgz': withTexts(management('headTeacher'), () => import('./headTeacher/work/WorkPage.tsx')),
  '/bzrgzscgl/bzrxq': withTexts([...management('headTeacher'), 'profiles', 'timetable'], () => import('./headTeacher/profile/ProfilePage.tsx')),
  '/bzrgzscgl/bzrkb': withTexts([...management('headTeacher'), 'timetable', 'profiles'], () => import('./headTeacher/timetables/TimetablePages.tsx').then((m) => ({ default: m.TeacherTimetablePage }))),
  '/bzrgzscgl/bjkb': withTexts([...management('headTeacher'), 'timetable', 'profiles'], () => import('./headTeacher/timetables/TimetablePages.tsx').then((m) => ({ default: m.ClassTimetablePage }))),
  '/bzrgzscgl/works/bjjf': withTexts(management('headTeacher'), () => import('./headTeacher/fund/FundPage.tsx')),
  '/bzrgzscgl/works/zwb': withTexts(management('headTeacher'), () => import('./headTeacher/seating/SeatingPage.tsx')),
  '/bzrgzscgl/mzgz': withTexts(management('headTeacher'), () => import('./headTeacher/duty/DutyPage.tsx')),
  '/bzrgzscgl/xsgk': withTexts([...management('headTeacher'), 'students', 'profiles', 'timetable'], () => import('./headTeacher/students/StudentsPage.tsx')),
  '/bzrgzscgl/works/jshj': withTexts(management('headTeacher'), () => import('./headTeacher/records/RecordsPage.tsx').then((m) => ({ default: m.RECORD_PAGES.environment }))),
  '/bzrgzscgl/works/gzhyjyjl': withTexts(management('headTeacher'), () => import('./headTeacher/records/RecordsPage.tsx').then((m) => ({ default: m.RECORD_PAGES.meeting }))),
  '/bzrgzscgl/jxlxqk': withTexts(management('headTeacher'), () => import('./headTeacher/records/RecordsPage.tsx').then((m) => ({ default: m.RECORD_PAGES.contact }))),
  '/bzrgzscgl/xsgbjy': withTexts(management('headTeacher'), () => import('./headTeacher/records/RecordsPage.tsx').then((m) => ({ default: m.RECORD_PAGES.cadre }))),
  '/bzrgzscgl/shsjqk': withTexts(management('headTeacher'), () => import('./headTeacher/records/RecordsPage.tsx').then((m) => ({ default: m.RECORD_PAGES.practice }))),
  '/bzrgzscgl/hbbbbxbqkjl': withTexts(management('headTeacher'), () => import('./headTeacher/records/RecordsPage.tsx').then((m) => ({ default: m.RECORD_PAGES.support }))),
  '/bzrgzscgl/bjqkfx': withTexts(management('headTeacher'), () => import('./headTeacher/records/RecordsPage.tsx').then((m) => ({ default: m.RECORD_PAGES.analysis }))),
  '/bzrgzscgl/ofsj': withTexts(management('headTeacher'), () => import('./headTeacher/records/RecordsPage.tsx').then((m) => ({ default: m.RECORD_PAGES.incident }))),
  '/bzrgzscgl/btdhd': withTexts(management('headTeacher'), () => import('./headTeacher/records/RecordsPage.tsx').then((m) => ({ default: m.RECORD_PAGES.activity }))),
  '/sqsp/zdsq': withTexts([...management('applications'), 'homeSchool'], () => import('./applications/daySchool/DaySchoolPage.tsx')),
  '/sqsp/zdzm': withTexts([...management('applications'), 'homeSchool'], () => import('./applications/certificates/CertificatePage.tsx').then((m) => ({ default: m.EnrolmentCertificatePage }))),
  '/sqsp/cjzm': withTexts([...management('applications'), 'homeSchool'], () => import('./applications/certificates/CertificatePage.tsx').then((m) => ({ default: m.GradeCertificatePage }))),
  '/survey/cjwj': withTexts(management('surveys'), () => import('./surveys/design/DesignPage.tsx')),
  '/survey/wjdt': withTexts(['surveys'], () => import('./surveys/answering/MySurveysPage.tsx')),
  '/survey/wjtj': withTexts(management('surveys'), () => import('./surveys/statistics/StatisticsPage.tsx')),
  '/xkgl/kcsb': withTexts(management('electives'), () => import('./electives/declarations/DeclarationsPage.tsx')),
  '/xkgl/kcsp': withTexts(management('electives'), () => import('./electives/approval/ApprovalPage.tsx')),
  '/xkgl/xsxk': withTexts(['electives'], () => import('./electives/selection/SelectionPage.tsx')),
  '/zbgl/xszy': withTexts(['electives'], () => import('./electives/shiftChoice/ShiftChoicePage.tsx')),
  '/xkgl/kcpj': withTexts(management('electives'), () => import('./electives/evaluation/EvaluationPage.tsx')),
  '/kcsbpc/pjzb': withTexts(management('electives'), () => import('./electives/indicators/IndicatorsPage.tsx')),
  '/bxjl/bxlp': withTexts(management('safety'), () => import('./safety/insurance/InsurancePage.tsx')),
  '/bxlp/lpStu': withTexts(management('safety'), () => import('./safety/insurance/StudentClaimsPage.tsx')),
  '/cbxq/index': withTexts(management('safety'), () => import('./safety/insurance/PolicyDetailsPage.tsx')),
  '/bxjl/wjgl': withTexts(management('safety'), () => import('./safety/discipline/DisciplinePage.tsx')),
  '/xysh/sysyy': withTexts(management('labs'), () => import('./campusLife/labs/LabsPage.tsx')),
  '/sysyygl/fjpz/jbpz': withTexts(management('labs'), () => import('./campusLife/labs/RoomPages.tsx').then((m) => ({ default: m.RoomBasicPage }))),
  '/sysyygl/fjpz/jcpz': withTexts(management('labs'), () => import('./campusLife/labs/RoomPages.tsx').then((m) => ({ default: m.RoomPeriodsPage }))),
  '/sysyygl/gyjs/gyjssh': withTexts(management('labs'), () => import('./campusLife/labs/ApprovalPage.tsx')),
  '/sysyygl/jxcd/jxcdbj': withTexts(management('labs'), () => import('./campusLife/labs/BookingEditPage.tsx').then((m) => ({ default: m.LoanBookingPage }))),
  '/sysyygl/xssy/xssybj': withTexts(management('labs'), () => import('./campusLife/labs/BookingEditPage.tsx').then((m) => ({ default: m.StudentBookingPage }))),
  '/xssynew/xssybj': withTexts(management('labs'), () => import('./campusLife/labs/BookingEditPage.tsx').then((m) => ({ default: m.StudentBookingNewPage }))),
  '/yssy/yssybj': withTexts(management('labs'), () => import('./campusLife/labs/BookingEditPage.tsx').then((m) => ({ default: m.DemoBookingPage }))),
  '/yssynew/yssybj': withTexts(management('labs'), () => import('./campusLife/labs/BookingEditPage.tsx').then((m) => ({ default: m.DemoBookingNewPage }))),
  '/qtsy/qtsybj': withTexts(management('labs'), () => import('./campusLife/labs/BookingEditPage.tsx').then((m) => ({ default: m.OtherBookingPage }))),
  '/xxkxsgl/xsdf': withTexts(management('electives'), () => import('./electives/grades/GradingPage.tsx')),
  '/zbgl/zbpc': withTexts(management('electives'), () => import('./electives/shift/BatchesPage.tsx')),
  '/zbgl/zykcgl': withTexts(management('electives'), () => import('./electives/shift/CoursesPage.tsx')),
  '/zbgl/xsgl': withTexts(management('electives'), () => import('./electives/shift/StudentsPage.tsx')),
  '/zbgl/pkzbjgl': withTexts(management('electives'), () => import('./electives/shift/BlocksPage.tsx')),
  '/zbgl/bjgl': withTexts(management('electives'), () => import('./electives/shift/ClassesPage.tsx')),
  '/zbgl/bjxsgl': withTexts(management('electives'), () => import('./electives/shift/ClassStudentsPage.tsx')),
  '/xkzysp/tzzy': withTexts(management('electives'), () => import('./electives/shift/ChangesPage.tsx')),
  '/xysh/jzgl': withTexts(management('campusLife'), () => import('./campusLife/lectures/LecturesPage.tsx')),
  '/xysh/hdbm': withTexts(management('campusLife'), () => import('./campusLife/activities/ActivitiesPage.tsx')),
  '/xysh/ssgl': withTexts(management('campusLife'), () => import('./campusLife/dormitories/DormitoriesPage.tsx')),
  '/ssgl/fjgl': withTexts(management('campusLife'), () => import('./campusLife/dormitories/AllocationPage.tsx')),
  '/xysh/stgl': withTexts(management('campusLife'), () => import('./campusLife/associations/AssociationsPage.tsx')),
  '/bxjl/gkkpj': withTexts(management('teaching'), () => import('./safety/openClass/OpenClassesPage.tsx')),
  '/gkkMgr/pjrn': withTexts(management('teaching'), () => import('./safety/openClass/ContentPage.tsx')),
  '/sjpj/pjnr': withTexts(management('teaching'), () => import('./safety/openClass/EvaluationSetsPage.tsx')),
  '/xtgl/yhgl': withTexts(management(), () => import('./system/users/UsersPage.tsx')),
  '/xtgl/jsgl': withTexts(management(), () => import('./system/roles/RolesPage.tsx')),
  '/xtgl/rzgl': withTexts(management('operations'), () => import('./system/logs/OperationLogPage.tsx')),
  '/datasynchronization': withTexts(management('operations'), () => import('./system/jobs/JobsPage.tsx')),
  '/job/log': withTexts(management('operations'), () => import('./system/jobs/JobLogPage.tsx')),
  '/xtgl/xtpz': withTexts(management('operations'), () => import('./system/settings/SystemConfigPage.tsx')),
  '/xtgl/mmgz': withTexts(management('operations'), () => import('./system/settings/PasswordRulePage.tsx')),
  '/xtgl/zzjg': withTexts(management('campus'), () => import('./system/organisation/OrganisationPage.tsx')),
  '/xtgl/xl': withTexts([...management('campus'), 'teaching'], () => import('./system/calendar/CalendarPage.tsx')),
  '/xtgl/xqgl': withTexts(management('campus'), () => import('./system/facilities/CampusesPage.tsx')),
  '/xtgl/lygl': withTexts(management('campus'), () => import('./system/facilities/BuildingsPage.tsx')),
  '/xtgl/jsglr': withTexts(management('campus'), () => import('./system/facilities/ClassroomsPage.tsx')),
  '/xtgl/kcgl': withTexts(management('campus'), () => import('./system/courses/CoursesPage.tsx')),
  '/xtgl/njks': withTexts(management('campus'), () => import('./system/courses/GradeCourseHoursPage.tsx')),
  '/xtgl/jyzgl': withTexts([...management('campus'), 'teaching'], () => import('./system/researchGroups/ResearchGroupsPage.tsx')),
  '/xtgl/bjgl': withTexts(management('people'), () => import('./system/classes/ClassesPage.tsx')),
  '/xtgl/xsgl': withTexts(management('people'), () => import('./system/students/StudentsAdminPage.tsx')),
  '/rygl/jzggl': withTexts(management('people'), () => import('./records/staff/StaffPage.tsx')),
  '/rygl/bmgl': withTexts(management('campus'), () => import('./records/departments/DepartmentsPage.tsx')),
  '/xtgl/cdgl': withTexts(management('menusDicts'), () => import('./system/menus/MenusPage.tsx')),
  '/xtgl/zdgl': withTexts(management('menusDicts'), () => import('./system/dictionaries/DictionariesPage.tsx')),
  '/xtgl/jslx': withTexts(management('menusDicts'), () => import('./system/dictionaries/RoleTypesPage.tsx')),
  '/xtgl/sykp': withTexts(management('pages'), () => import('./system/homeCards/HomeCardsPage.tsx')),
  '/custom-page': withTexts(management('pages'), () => import('./system/customPages/CustomPagesPage.tsx')),
  '/custom-page/drag': withTexts(management('pages'), () => import('./system/customPages/CustomPageDesigner.tsx')),
  [CUSTOM_PAGE_PREFIX]: withTexts(['pages'], () => import('./system/customPages/CustomPageView.tsx')),
};

const NotAvailable = lazy(() => import('./common/NotAvailable.tsx'));
const cache = new Map<string, LazyExoticComponent<PageComponent>>();

function normaliseUrl(url: string): string {
  const cleaned = ('/' + url.trim()).replace(/\/+/g, '/').replace(/\?.*$/, '');
  return cleaned.length > 1 ? cleaned.replace(/\/$/, '') : cleaned;
}

/** The registry key of a route: its menu url (or its path), or '/customPreview' for custom pages. */
export function pageKey(route: Pick<AppRoute, 'custom' | 'menuurl' | 'path'>): string {
  if (route.custom) return CUSTOM_PAGE_PREFIX;
  return normaliseUrl(route.menuurl || route.path);
}

/** The page component of a route; stable per key so React keeps its state. */
export function pageComponent(route: Pick<AppRoute, 'custom' | 'menuurl' | 'path'>, loaders: Record<string, PageLoader> = pageLoaders): PageComponent {
  const key = pageKey(route);
  const loader = loaders[key] ?? loaders[normaliseUrl(route.path)];
  if (!loader) return NotAvailable;
  let component = cache.get(key);
  if (!component) {
    component = lazy(loader);
    cache.set(key, component);
  }
  return component;
}

export function hasPage(route: Pick<AppRoute, 'custom' | 'menuurl' | 'path'>, loaders: Record<string, PageLoader> = pageLoaders): boolean {
  return !!(loaders[pageKey(route)] ?? loaders[normaliseUrl(route.path)]);
}
