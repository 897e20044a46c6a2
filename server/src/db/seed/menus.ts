/**
 * The product's menu tree: every functional area of spec section 1, Chinese and English titles, the
 * permission value each page carries, and which demo roles hold it (the administrator holds all).
 */
export type DemoRole = 'teacher' | 'class_teacher' | 'student' | 'parent';

export interface MenuSeed {
  code: string;
  name: string;
  nameEn: string;
  url: string;
  icon?: string;
  permission: string;
  roles?: DemoRole[];
  hidden?: boolean;
  alwaysShow?: boolean;
  noCache?: boolean;
  position?: 'top';
  /** Default: 'directory' for a node with page children, 'page' otherwise. */
  kind?: 'directory' | 'page' | 'button';
  children?: MenuSeed[];
}

const STAFF: DemoRole[] = ['teacher', 'class_teacher'];
const EVERYONE: DemoRole[] = ['teacher', 'class_teacher', 'student', 'parent'];
const FAMILY: DemoRole[] = ['student', 'parent'];

const page = (code: string, name: string, nameEn: string, url: string, roles: DemoRole[] = [], extra: Partial<MenuSeed> = {}): MenuSeed => ({
  code,
  name,
  nameEn,
  url,
  permission: code.replace(/\./g, ':'),
  roles,
  ...extra,
});

/** An action button of a page: its permission is the page's with the action appended. */
const button = (code: string, name: string, nameEn: string, roles: DemoRole[]): MenuSeed => ({
  code,
  name,
  nameEn,
  url: '',
  permission: code.replace(/\./g, ':'),
  roles,
  kind: 'button',
});

/**
 * A management page with its two action buttons: `<permission>:edit` (add and modify) and
 * `<permission>:delete`. Holding the page alone lets a role look; the buttons let it change data.
 */
const managed = (code: string, name: string, nameEn: string, url: string, extra: Partial<MenuSeed> = {}): MenuSeed =>
  page(code, name, nameEn, url, [], {
    ...extra,
    children: [
      { code: `${code}.edit`, name: '编辑', nameEn: 'Edit', url: '', permission: `${code.replace(/\./g, ':')}:edit`, kind: 'button' },
      { code: `${code}.delete`, name: '删除', nameEn: 'Delete', url: '', permission: `${code.replace(/\./g, ':')}:delete`, kind: 'button' },
    ],
  });

export const MENU_TREE: MenuSeed[] = [
  {
    code: 'homeSchool', name: '家校互动', nameEn: 'Home-school', url: '/jxhd', icon: 'NotificationOutlined', permission: 'homeSchool',
    children: [
      page('homeSchool.assignment', '作业发布', 'Assignment release', '/jxhd/zyfb', STAFF, {
        children: [
          button('homeSchool.assignment.edit', '布置', 'Assign', STAFF),
          button('homeSchool.assignment.delete', '删除', 'Delete', STAFF),
          // Every teacher's homework and every class: the administrators' right.
          button('homeSchool.assignment.all', '全部作业', 'All homework', []),
        ],
      }),
      page('homeSchool.myHomework', '我的作业', 'My homework', '/jxhd/wdzy', FAMILY),
      page('homeSchool.notice', '通知发布', 'Notice release', '/jxhd/tzfb', STAFF, {
        position: 'top',
        children: [
          button('homeSchool.notice.edit', '发布', 'Publish', STAFF),
          button('homeSchool.notice.delete', '删除', 'Delete', STAFF),
          // Publishing to anyone through the Picker and managing every notice: the administrators' right.
          button('homeSchool.notice.all', '全部通知', 'All notices', []),
        ],
      }),
      // Teachers receive notices too (from the school office), so everyone has 我的通知.
      page('homeSchool.myNotices', '我的通知', 'My notices', '/jxhd/wdtz', EVERYONE),
      page('homeSchool.event', '活动发布', 'Event release', '/jxhd/hdfb', STAFF, {
        children: [
          button('homeSchool.event.edit', '发布', 'Publish', STAFF),
          button('homeSchool.event.delete', '删除', 'Delete', STAFF),
          button('homeSchool.event.all', '全部活动', 'All events', []),
        ],
      }),
      page('homeSchool.performance', '表现发布', 'Performance release', '/jxhd/bxfb', STAFF, {
        children: [
          button('homeSchool.performance.edit', '发布', 'Publish', STAFF),
          button('homeSchool.performance.delete', '删除', 'Delete', STAFF),
          button('homeSchool.performance.all', '全部记录', 'All records', []),
        ],
      }),
      page('homeSchool.performanceReply', '表现回复', 'Performance replies', '/jxhd/bxhf', ['parent']),
      // Issue 17: 家委会管理 / 报名人员 (spec 2's hidden /jwhgl/bmry), opened from 我的通知 and 通知发布.
      page('homeSchool.familyCommittee', '家委会报名人员', 'Family committee members', '/jwhgl/bmry', ['class_teacher', 'parent'], {
        hidden: true,
        children: [
          button('homeSchool.familyCommittee.apply', '报名', 'Apply', ['parent']),
          button('homeSchool.familyCommittee.review', '审核', 'Review', ['class_teacher']),
          button('homeSchool.familyCommittee.all', '全部家委会', 'All committees', []),
        ],
      }),
      page('homeSchool.sms', '短信提醒', 'SMS reminders', '/jxhd/dxtx', ['class_teacher'], {
        children: [
          button('homeSchool.sms.edit', '发送', 'Send', ['class_teacher']),
          // Every class and the whole outbox: the administrators' right.
          button('homeSchool.sms.all', '全部短信', 'All messages', []),
        ],
      }),
    ],
  },
  {
    code: 'award', name: '竞赛获奖', nameEn: 'Competitions and awards', url: '/jsgl', icon: 'TrophyOutlined', permission: 'award',
    children: [
      // Edit and delete: a teacher's own events and awards; `.all` (the administrators') every one.
      page('award.settings', '学科竞赛及奖项设置', 'Competition and award settings', '/jsgl/jssz', STAFF, {
        children: [
          button('award.settings.edit', '编辑', 'Edit', STAFF),
          button('award.settings.delete', '删除', 'Delete', STAFF),
          button('award.settings.all', '全部竞赛', 'All competitions', []),
        ],
      }),
      page('award.aboveSchool', '校级以上获奖', 'Awards above school level', '/jsgl/xjys', STAFF, {
        children: [
          button('award.aboveSchool.edit', '编辑', 'Edit', STAFF),
          button('award.aboveSchool.delete', '删除', 'Delete', STAFF),
          button('award.aboveSchool.all', '全部获奖', 'All awards', []),
        ],
      }),
      page('award.disciplinary', '学科获奖', 'Disciplinary awards', '/jsgl/xkhj', STAFF, {
        children: [
          button('award.disciplinary.edit', '颁奖', 'Give awards', STAFF),
          button('award.disciplinary.delete', '删除', 'Delete', STAFF),
          button('award.disciplinary.all', '全部获奖', 'All awards', []),
        ],
      }),
      page('award.myAwards', '我的获奖', 'My awards', '/jsgl/wdhj', FAMILY),
    ],
  },
  {
    code: 'evaluation', name: '学生评价', nameEn: 'Student evaluation', url: '/xspj', icon: 'StarOutlined', permission: 'evaluation',
    children: [
      page('evaluation.termMaintain', '期末评价维护', 'End-of-term evaluation setup', '/xspj/qmpjwh'),
      // A class teacher fills and reports on the classes they lead; the buttons widen that to every class (the office).
      page('evaluation.termFill', '期末评价填写', 'End-of-term evaluation', '/xspj/qmpjtx', ['class_teacher'], {
        children: [button('evaluation.termFill.all', '全部班级', 'All classes', [])],
      }),
      page('evaluation.quality', '综合素质报告', 'Comprehensive quality report', '/xspj/zhszbg', ['class_teacher', 'student', 'parent'], {
        children: [button('evaluation.quality.all', '全部班级', 'All classes', [])],
      }),
      page('evaluation.study', '学业报告', 'Study report', '/xspj/xybg', ['class_teacher', 'student', 'parent'], {
        children: [button('evaluation.study.all', '全部班级', 'All classes', [])],
      }),
    ],
  },
  {
    code: 'roll', name: '学籍管理', nameEn: 'School roll', url: '/xjgl', icon: 'IdcardOutlined', permission: 'roll',
    children: [
      page('roll.change', '学籍异动管理', 'School roll changes', '/xjgl/xjyd', ['class_teacher'], {
        // Changes of every student (the academic office); a class teacher files for their own classes.
        children: [button('roll.change.all', '全部学生', 'All students', [])],
      }),
      // Teachers see the teaching classes they teach and their students; the buttons (the office) change them.
      managed('roll.teachingClass', '教学班分配', 'Teaching class assignment', '/xjgl/jxbfp', { roles: STAFF }),
      page('roll.enrolment', '招生管理', 'Enrolment', '/xjgl/zsgl'),
      // Issue 16: admission by entrance score, and the division of the admitted into classes.
      page('roll.admission', '录取管理', 'Admission', '/lqgl/index'),
      page('roll.division', '分班管理', 'Class division', '/fbgl/index'),
      // Issue 17: stratified teaching, opened from 教学班分配 (spec 2's hidden /jxmgr/fcjx routes; the students page with ?classId=).
      managed('roll.stratifiedClass', '分层班级', 'Level classes', '/jxmgr/fcjx/fcbj', { roles: STAFF, hidden: true }),
      managed('roll.stratifiedStudent', '分层班级学生', 'Level class students', '/jxmgr/fcjx/fcbjxs', { roles: STAFF, hidden: true }),
    ],
  },
  {
    code: 'apply', name: '申请审批', nameEn: 'Applications', url: '/sqsp', icon: 'AuditOutlined', permission: 'apply',
    children: [
      page('apply.leave', '请假申请', 'Leave application', '/sqsp/qjsq', EVERYONE, {
        // Who of every class is on leave (administrators); a class teacher sees their own classes.
        children: [button('apply.leave.all', '全部班级', 'All classes', [])],
      }),
      page('apply.travel', '外出申请', 'Travel application', '/sqsp/wcsq', STAFF),
      page('apply.daySchool', '走读申请', 'Day-school application', '/sqsp/zdsq', FAMILY),
      page('apply.enrolmentCert', '在读证明申请', 'Current-enrolment certificate', '/sqsp/zdzm', FAMILY),
      page('apply.gradeCert', '成绩证明申请', 'Grade certificate', '/sqsp/cjzm', FAMILY),
      page('apply.review', '申请审核', 'Application review', '/sqsp/sqsh', STAFF, {
        // Deciding any pending application, when a step's approver is away: the administrators' right.
        children: [button('apply.review.all', '全部申请', 'All applications', [])],
      }),
      page('apply.flow', '审批流程设置', 'Approval chains', '/sqsp/splc'),
    ],
  },
  {
    code: 'score', name: '成绩管理', nameEn: 'Scores', url: '/cjgl', icon: 'LineChartOutlined', permission: 'score',
    children: [
      managed('score.batch', '成绩批次管理', 'Score batches', '/cjgl/cjpc'),
      managed('score.conversion', '换算规则', 'Conversion rules', '/cjgl/hsgz'),
      page('score.subScore', '分项成绩设置', 'Sub-score settings', '/cjgl/fxcj'),
      page('score.register', '成绩登记', 'Score registration', '/cjgl/cjdj', STAFF, {
        // Every class and subject, not only those taught or led: the academic office's right.
        children: [button('score.register.all', '全部班级', 'All classes', [])],
      }),
      page('score.analysisSettings', '考试分析设置', 'Exam analysis settings', '/cjfxNew/cjgl/ksfxsz'),
      page('score.analysis', '成绩分析', 'Score analysis', '/cjfxNew/cjfx/cjxq', STAFF, {
        // Analysis items bound to permission values (spec 6): the whole grade's students and the workbook.
        children: [button('score.analysis.ranking', '年级排名', 'Grade ranking', []), button('score.analysis.export', '导出', 'Export', ['class_teacher'])],
      }),
      page('score.transcript', '成绩单', 'Transcripts', '/cjfxNew/cjfx/grfx', FAMILY),
      // 总评: the office keeps the schemes (the buttons); a class teacher reads their classes' overall scores.
      page('score.overall', '总评管理', 'Overall scores', '/cjfxNew/zpfx/zpfxgl', ['class_teacher'], {
        children: [
          { code: 'score.overall.edit', name: '编辑', nameEn: 'Edit', url: '', permission: 'score:overall:edit', kind: 'button' },
          { code: 'score.overall.delete', name: '删除', nameEn: 'Delete', url: '', permission: 'score:overall:delete', kind: 'button' },
          button('score.overall.all', '全部班级', 'All classes', []),
        ],
      }),
      page('score.maintenance', '考试成绩维护', 'Exam score maintenance', '/cjfxNew/cjgl/kscjwh'),
      // Every teacher keeps their own groups (the buttons too); only the owner changes a group.
      page('score.groups', '自定义群体', 'Custom student groups', '/cjfxNew/zdyqtgl', STAFF, {
        children: [button('score.groups.edit', '编辑', 'Edit', STAFF), button('score.groups.delete', '删除', 'Delete', STAFF)],
      }),
      managed('score.external', '校外成绩', 'External exam scores', '/cjglNew/xwcj/kscjwh'),
      page('score.overallSettings', '总评设置', 'Overall score settings', '/cjfxNew/zpfx/zpfxsz', [], { hidden: true }),
      page('score.overallDetails', '总评成绩', 'Overall score details', '/cjfxNew/zpfx/cjxq', ['class_teacher'], { hidden: true }),
    ],
  },
  {
    code: 'exam', name: '考务管理', nameEn: 'Exams', url: '/kwgl', icon: 'FileDoneOutlined', permission: 'exam',
    children: [
      managed('exam.batch', '考试批次管理', 'Exam batches', '/kwgl/kspc'),
      page('exam.room', '考场安排', 'Exam rooms', '/kwgl/kcap', EVERYONE, { children: [button('exam.room.edit', '安排', 'Arrange', [])] }),
      page('exam.invigilation', '监考安排', 'Invigilation', '/kwgl/jkap', STAFF, { children: [button('exam.invigilation.edit', '安排', 'Arrange', [])] }),
      // The arrangement of one exam, opened from the two pages above (spec 2's hidden /kwapjt routes).
      page('exam.roomArrangement', '考场编排', 'Room arrangement', '/kwapjt/room', STAFF, { hidden: true }),
      page('exam.classSeats', '班级考场分布', 'Class seat lists', '/kwapjt/jxb', STAFF, { hidden: true }),
      page('exam.invigilationArrangement', '监考编排', 'Invigilation arrangement', '/kwapjt/pk', STAFF, { hidden: true }),
    ],
  },
  {
    code: 'timetable', name: '课表管理', nameEn: 'Timetables', url: '/kbgl', icon: 'CalendarOutlined', permission: 'timetable',
    children: [
      page('timetable.student', '我的课表', 'My timetable', '/kbgl/xskb', FAMILY, { position: 'top' }),
      page('timetable.teacher', '教师课表', 'Teacher timetable', '/kbgl/jskb', STAFF),
      page('timetable.class', '班级课表', 'Class timetable', '/kbgl/bjkb', STAFF),
      page('timetable.swap', '调课申请', 'Class-swap requests', '/kbgl/tksq', STAFF),
      page('timetable.makeUp', '补课申请', 'Make-up class requests', '/kbgl/bksq', STAFF),
      // Issue 17: 教研会议管理 (spec 2's hidden /jyhygl/hygl), opened from 教研组管理 and from 教师课表: every teacher reads
      // their groups' meetings, a group's leader arranges them; `.all` (the office) every group's.
      page('timetable.researchMeeting', '教研会议管理', 'Teaching-research meetings', '/jyhygl/hygl', STAFF, {
        hidden: true,
        children: [button('timetable.researchMeeting.all', '全部教研组', 'All groups', [])],
      }),
      // Issue 17: teaching materials (spec 2's hidden /jc/* and /sxxmb/* routes), opened from 教研会议管理: teachers read them
      // and propose knowledge points (a group's leader approves its courses'); the office keeps the templates.
      managed('teaching.abilityTemplate', '能力模板', 'Competency templates', '/jc/nlmb', { roles: STAFF, hidden: true }),
      managed('teaching.chapter', '章节', 'Chapters', '/jc/zj', { roles: STAFF, hidden: true }),
      page('teaching.knowledgePoint', '知识点审批', 'Knowledge points', '/jc/zssp', STAFF, {
        hidden: true,
        children: [button('teaching.knowledgePoint.propose', '提交', 'Propose', STAFF), button('teaching.knowledgePoint.all', '全部课程', 'All courses', [])],
      }),
      managed('teaching.attributeTemplate', '属性项模板', 'Attribute-item templates', '/sxxmb/sxxmbTable/mxbTble', { hidden: true }),
      // The academic office's: the teaching plan, drafts generated and dragged, publishing (issue 16).
      page('timetable.arrange', '排课管理', 'Timetable arrangement', '/kbgl/pkgl'),
    ],
  },
  {
    code: 'elective', name: '选课走班', nameEn: 'Electives', url: '/xkgl', icon: 'AppstoreAddOutlined', permission: 'elective',
    children: [
      page('elective.declare', '选修课申报', 'Elective declaration', '/xkgl/kcsb', STAFF),
      page('elective.approve', '选修课审批', 'Elective approval', '/xkgl/kcsp'),
      page('elective.select', '学生选课', 'Course selection', '/xkgl/xsxk', FAMILY),
      page('elective.evaluate', '选修课评价', 'Elective evaluation', '/xkgl/kcpj', ['teacher', 'class_teacher', 'student']),
      // Opened from 选修课评价 (spec 2's hidden routes): the office's rating indicators, a teacher's scoring of their students.
      page('elective.indicators', '评价指标', 'Rating indicators', '/kcsbpc/pjzb', [], { hidden: true }),
      page('elective.studentScores', '学生打分', 'Student scores', '/xxkxsgl/xsdf', STAFF, { hidden: true }),
      page('elective.shiftClass', '走班管理', 'Class-shift management', '/zbgl/zbpc'),
      // Opened from 走班管理 with ?batchId= (spec 2's /zbgl/* routes).
      page('elective.shiftCourses', '志愿课程管理', 'Choice subjects', '/zbgl/zykcgl', [], { hidden: true }),
      page('elective.shiftStudents', '学生志愿管理', 'Students and choices', '/zbgl/xsgl', [], { hidden: true }),
      page('elective.shiftBlocks', '排课走班管理', 'Blocks and formation', '/zbgl/pkzbjgl', [], { hidden: true }),
      page('elective.shiftClasses', '走班班级管理', 'Shift classes', '/zbgl/bjgl', [], { hidden: true }),
      page('elective.shiftClassStudents', '班级学生管理', 'Class students', '/zbgl/bjxsgl', [], { hidden: true }),
      page('elective.shiftChoice', '选科志愿', 'Subject choices', '/zbgl/xszy', FAMILY),
      page('elective.choiceChanges', '志愿调整审批', 'Choice change review', '/xkzysp/tzzy'),
    ],
  },
  {
    code: 'records', name: '人员档案', nameEn: 'People records', url: '/rygl', icon: 'TeamOutlined', permission: 'records',
    children: [
      managed('records.staff', '教职工管理', 'Staff management', '/rygl/jzggl'),
      page('records.student', '学生信息', 'Student information', '/rygl/xsxx', ['class_teacher']),
      managed('records.department', '部门管理', 'Departments', '/rygl/bmgl'),
    ],
  },
  {
    code: 'campusLife', name: '校园生活', nameEn: 'Campus life', url: '/xysh', icon: 'HomeOutlined', permission: 'campusLife',
    children: [
      // The dormitory office (the buttons) manages rooms, check-ins, swaps and hygiene; a class teacher reads where their
      // class sleeps; a student or parent their own room.
      page('campusLife.dormitory', '宿舍管理', 'Dormitories', '/xysh/ssgl', ['class_teacher', 'student', 'parent'], {
        children: [button('campusLife.dormitory.edit', '编辑', 'Edit', []), button('campusLife.dormitory.delete', '删除', 'Delete', [])],
      }),
      // Opened from 宿舍管理 with the room it allocates (spec 2's hidden route).
      page('campusLife.dormitoryAllocation', '分配管理', 'Room allocation', '/ssgl/fjgl', [], { hidden: true }),
      // Staff publish (their own; the :all right every one) and register attendance; students and parents sign up.
      page('campusLife.lecture', '讲座', 'Lectures', '/xysh/jzgl', EVERYONE, {
        children: [
          button('campusLife.lecture.edit', '发布', 'Publish', STAFF),
          button('campusLife.lecture.delete', '删除', 'Delete', STAFF),
          button('campusLife.lecture.all', '全部讲座', 'All lectures', []),
        ],
      }),
      page('campusLife.activity', '活动报名', 'Activities', '/xysh/hdbm', EVERYONE, {
        children: [
          button('campusLife.activity.edit', '发布', 'Publish', STAFF),
          button('campusLife.activity.delete', '删除', 'Delete', STAFF),
          button('campusLife.activity.all', '全部活动', 'All activities', []),
        ],
      }),
      // Advisors and leaders run their association; the office (the buttons) founds and closes them.
      page('campusLife.association', '社团', 'Associations', '/xysh/stgl', ['teacher', 'student'], {
        children: [button('campusLife.association.edit', '编辑', 'Edit', []), button('campusLife.association.delete', '删除', 'Delete', [])],
      }),
      page('campusLife.lab', '实验室预约', 'Laboratory booking', '/xysh/sysyy', STAFF, {
        // The lab administrators: rooms and their periods, every booking, approvals.
        children: [button('campusLife.lab.manage', '实验室管理', 'Manage laboratories', [])],
      }),
      // Opened from 实验室预约 (spec 2's hidden routes): room configuration, approval, and the booking forms.
      page('campusLife.labRoomBasic', '房间基本配置', 'Room basic configuration', '/sysyygl/fjpz/jbpz', [], { hidden: true }),
      page('campusLife.labRoomPeriods', '房间节次配置', 'Room period configuration', '/sysyygl/fjpz/jcpz', [], { hidden: true }),
      page('campusLife.labLoanEdit', '教室借用', 'Class-room loan', '/sysyygl/jxcd/jxcdbj', STAFF, { hidden: true }),
      page('campusLife.labApproval', '共用教室审核', 'Shared-room approval', '/sysyygl/gyjs/gyjssh', [], { hidden: true }),
      page('campusLife.labStudentEdit', '学生实验预约', 'Student experiment booking', '/sysyygl/xssy/xssybj', STAFF, { hidden: true }),
      page('campusLife.labStudentEditNew', '学生实验预约（多室）', 'Student experiment booking (several rooms)', '/xssynew/xssybj', STAFF, { hidden: true }),
      page('campusLife.labDemoEdit', '演示实验预约', 'Demonstration experiment booking', '/yssy/yssybj', STAFF, { hidden: true }),
      page('campusLife.labDemoEditNew', '演示实验预约（多室）', 'Demonstration experiment booking (several rooms)', '/yssynew/yssybj', STAFF, { hidden: true }),
      page('campusLife.labOtherEdit', '其他实验预约', 'Other booking', '/qtsy/qtsybj', STAFF, { hidden: true }),
    ],
  },
  {
    code: 'safety', name: '保险与纪律', nameEn: 'Insurance and discipline', url: '/bxjl', icon: 'SafetyOutlined', permission: 'safety',
    children: [
      page('safety.insurance', '保险理赔', 'Insurance claims', '/bxjl/bxlp', ['parent'], {
        // Insurers, policies, insured students and the handling of every claim: the office's.
        children: [button('safety.insurance.manage', '理赔管理', 'Manage claims', [])],
      }),
      // Opened from 保险理赔 (spec 2's hidden routes): one insured student's claims, one policy's insured students.
      page('safety.insuranceStudent', '学生理赔', 'Student claims', '/bxlp/lpStu', ['parent'], { hidden: true }),
      page('safety.insuranceDetails', '参保详情', 'Insurance details', '/cbxq/index', [], { hidden: true }),
      page('safety.discipline', '违纪管理', 'Discipline', '/bxjl/wjgl', ['class_teacher', 'student', 'parent'], {
        children: [
          // Class teachers record for their own class; the office for every class, and the list of types.
          button('safety.discipline.edit', '记录', 'Record', ['class_teacher']),
          button('safety.discipline.all', '全部班级', 'All classes', []),
        ],
      }),
      page('safety.openClass', '公开课评价', 'Open-class evaluation', '/bxjl/gkkpj', STAFF, {
        children: [
          // Teachers schedule their own open classes; `.all` (the office) anyone's, and reads every result with names.
          button('safety.openClass.edit', '安排', 'Schedule', STAFF),
          button('safety.openClass.delete', '删除', 'Delete', STAFF),
          button('safety.openClass.all', '全部公开课', 'All open classes', []),
        ],
      }),
      // Opened from 公开课评价 with ?id= (spec 2's hidden routes): one open class's evaluation, and the evaluation sets.
      page('safety.openClassContent', '公开课评价内容', 'Open-class evaluation content', '/gkkMgr/pjrn', STAFF, { hidden: true }),
      managed('safety.evaluationSet', '评价内容', 'Evaluation content', '/sjpj/pjnr', { hidden: true }),
    ],
  },
  {
    code: 'survey', name: '问卷调查', nameEn: 'Surveys', url: '/survey', icon: 'FormOutlined', permission: 'survey',
    children: [
      page('survey.create', '创建问卷', 'Create survey', '/survey/cjwj', STAFF, {
        children: [
          button('survey.create.edit', '编辑', 'Edit', STAFF),
          button('survey.create.delete', '删除', 'Delete', STAFF),
          // Spec 6: publishing is a right of its own (the demo class teacher has it, the subject teacher not).
          button('survey.create.publish', '发布', 'Publish', ['class_teacher']),
          // Every survey, every class and the Picker's people, units and roles: the administrators' right.
          button('survey.create.all', '全部问卷', 'All surveys', []),
        ],
      }),
      page('survey.answer', '问卷答题', 'Answer surveys', '/survey/wjdt', EVERYONE),
      page('survey.statistics', '问卷统计', 'Survey statistics', '/survey/wjtj', STAFF),
    ],
  },
  {
    code: 'headTeacher', name: '班主任工作', nameEn: 'Class teacher work', url: '/bzrsc', icon: 'SolutionOutlined', permission: 'headTeacher',
    children: [
      page('headTeacher.overview', '班级概况', 'Class overview', '/bzrsc/bjgk', ['class_teacher']),
      page('headTeacher.work', '班级工作', 'Class work', '/bzrsc/bjgz', ['class_teacher'], {
        // Excel copies of a class's records and fund: the office's (an export right asks for a second factor at sign-in).
        children: [button('headTeacher.work.export', '导出', 'Export', [])],
      }),
      // Opened from 班级工作 (spec 2's hidden /bzrgzscgl/ routes): each page of the class teacher's records.
      ...(
        [
          ['profile', '班主任详情', 'Class teacher details', 'bzrxq'],
          ['teacherTimetable', '班主任课表', "Class teacher's timetable", 'bzrkb'],
          ['classTimetable', '班级课表', 'Class timetable', 'bjkb'],
          ['fund', '班级经费', 'Class fund', 'works/bjjf'],
          ['environment', '教室布置', 'Classroom environment', 'works/jshj'],
          ['meeting', '班会教育记录', 'Class meetings and education', 'works/gzhyjyjl'],
          ['seating', '座位表', 'Seating chart', 'works/zwb'],
          ['duty', '每周值日', 'Duty roster', 'mzgz'],
          ['contact', '家校联系情况', 'Home-school contacts', 'jxlxqk'],
          ['cadre', '学生干部', 'Student cadres', 'xsgbjy'],
          ['practice', '社会实践情况', 'Social practice', 'shsjqk'],
          ['support', '帮扶情况记录', 'Students needing support', 'hbbbbxbqkjl'],
          ['analysis', '班级情况分析', 'Class situation analysis', 'bjqkfx'],
          ['students', '学生概况', 'Students overview', 'xsgk'],
          ['incident', '突发事件', 'Incidents', 'ofsj'],
          ['activity', '班团队活动', 'Class and league activities', 'btdhd'],
        ] as const
      ).map(([code, name, nameEn, path]) => page(`headTeacher.${code}`, name, nameEn, `/bzrgzscgl/${path}`, ['class_teacher'], { hidden: true })),
    ],
  },
  {
    code: 'message', name: '消息中心', nameEn: 'Message centre', url: '/messageCenter', icon: 'MessageOutlined', permission: 'message',
    children: [page('message.center', '消息中心', 'Message centre', '/messageCenter/xxzx', EVERYONE, { permission: 'messageCenter_xxzx' })],
  },
  {
    code: 'system', name: '系统管理', nameEn: 'System management', url: '/xtgl', icon: 'SettingOutlined', permission: 'system', alwaysShow: true,
    children: [
      managed('system.user', '用户管理', 'Users', '/xtgl/yhgl'),
      managed('system.role', '角色管理', 'Roles', '/xtgl/jsgl'),
      managed('system.roleType', '角色类型', 'Role types', '/xtgl/jslx'),
      managed('system.menu', '菜单管理', 'Menus', '/xtgl/cdgl'),
      managed('system.dictionary', '字典管理', 'Dictionaries', '/xtgl/zdgl'),
      page('system.log', '日志管理', 'Operation logs', '/xtgl/rzgl'),
      page('system.config', '系统配置', 'System configuration', '/xtgl/xtpz'),
      managed('system.job', '定时任务', 'Scheduled jobs', '/datasynchronization'),
      page('system.jobLog', '调度日志', 'Job log', '/job/log', [], { hidden: true }),
      page('system.passwordRule', '密码规则', 'Password rules', '/xtgl/mmgz'),
      managed('system.organization', '组织机构', 'Organisation', '/xtgl/zzjg'),
      managed('system.calendar', '校历', 'School calendar', '/xtgl/xl'),
      // Issue 17: 学年学期管理/学生维护 (spec 2's hidden /jxzygl/xnxqgl/xswh), opened from 校历.
      managed('system.termStudent', '学期学生维护', 'Term students', '/jxzygl/xnxqgl/xswh', { hidden: true }),
      managed('system.campus', '校区管理', 'Campuses', '/xtgl/xqgl'),
      managed('system.building', '楼宇管理', 'Buildings', '/xtgl/lygl'),
      managed('system.classroom', '教室管理', 'Classrooms', '/xtgl/jsglr'),
      managed('system.course', '课程管理', 'Courses', '/xtgl/kcgl'),
      managed('system.gradeCourseHours', '年级课时', 'Grade-course hours', '/xtgl/njks'),
      managed('system.researchGroup', '教研组管理', 'Teaching-research groups', '/xtgl/jyzgl'),
      managed('system.class', '班级管理', 'Classes', '/xtgl/bjgl'),
      managed('system.student', '学生管理', 'Students', '/xtgl/xsgl'),
      managed('system.homeCard', '首页卡片', 'Home cards', '/xtgl/sykp'),
      managed('system.customPage', '自定义页面', 'Custom pages', '/custom-page', { noCache: true }),
    ],
  },
];
