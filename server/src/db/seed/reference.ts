/** Reference data of the demo school: dictionaries, areas, organisation, calendar, courses. */

export interface DictionarySeed {
  tableName: string;
  name: string;
  nameEn: string;
  items: { code: string; name: string; nameEn: string; shortName?: string }[];
}

export const DICTIONARIES: DictionarySeed[] = [
  {
    tableName: 'STD_MESSAGE_TYPE', name: '消息类型', nameEn: 'Message type',
    items: [
      { code: '1', name: '系统通知', nameEn: 'System notice' },
      { code: '2', name: '作业提醒', nameEn: 'Homework' },
      { code: '3', name: '通知公告', nameEn: 'Announcement' },
      { code: '4', name: '审批提醒', nameEn: 'Approval' },
      { code: '5', name: '成绩发布', nameEn: 'Scores' },
    ],
  },
  { tableName: 'STD_GENDER', name: '性别', nameEn: 'Gender', items: [{ code: '1', name: '男', nameEn: 'Male' }, { code: '2', name: '女', nameEn: 'Female' }] },
  {
    tableName: 'STD_LEAVE_TYPE', name: '请假类型', nameEn: 'Leave type',
    items: [
      { code: '1', name: '病假', nameEn: 'Sick leave' },
      { code: '2', name: '事假', nameEn: 'Personal leave' },
      { code: '3', name: '公假', nameEn: 'Official leave' },
      { code: '4', name: '丧假', nameEn: 'Bereavement leave' },
    ],
  },
  {
    tableName: 'STD_IN_SCHOOL_STATUS', name: '在校状态', nameEn: 'In-school status',
    items: [{ code: '1', name: '在校', nameEn: 'In school' }, { code: '2', name: '离校', nameEn: 'Left school' }],
  },
  {
    tableName: 'STD_ENROLMENT_STATUS', name: '学籍状态', nameEn: 'Enrolment status',
    items: [
      { code: '1', name: '有学籍', nameEn: 'Enrolled' },
      { code: '2', name: '休学', nameEn: 'Suspended' },
      { code: '3', name: '转出', nameEn: 'Transferred out' },
      { code: '4', name: '借读', nameEn: 'Not on the register' },
    ],
  },
  {
    tableName: 'STD_STAFF_TYPE', name: '教职工类别', nameEn: 'Staff type',
    items: [
      { code: '1', name: '专任教师', nameEn: 'Full-time teacher' },
      { code: '2', name: '行政人员', nameEn: 'Administrative staff' },
      { code: '3', name: '教辅人员', nameEn: 'Teaching support' },
      { code: '4', name: '工勤人员', nameEn: 'Support staff' },
    ],
  },
  {
    tableName: 'STD_INVIGILATION_ROLE', name: '监考类别', nameEn: 'Invigilation role',
    items: [
      { code: 'chief', name: '主监考', nameEn: 'Chief invigilator' },
      { code: 'assistant', name: '副监考', nameEn: 'Assistant invigilator' },
      { code: 'patrol', name: '巡考', nameEn: 'Patrol' },
    ],
  },
  {
    tableName: 'STD_EDUCATION', name: '学历', nameEn: 'Education',
    items: [
      { code: '21', name: '大学本科', nameEn: "Bachelor's degree" },
      { code: '14', name: '硕士研究生', nameEn: "Master's degree" },
      { code: '11', name: '博士研究生', nameEn: 'Doctorate' },
    ],
  },
  {
    tableName: 'STD_ROLE_TYPE', name: '角色类型', nameEn: 'Role type',
    items: [{ code: 'ordinary', name: '普通角色', nameEn: 'Ordinary role' }, { code: 'dynamic', name: '动态角色', nameEn: 'Dynamic role' }],
  },
];

/** Provinces, cities and districts with their official six-digit codes. */
export const AREAS: { code: string; name: string; parent?: string; level: 1 | 2 | 3 }[] = [
  { code: '110000', name: '北京市', level: 1 },
  { code: '110100', name: '北京市市辖区', parent: '110000', level: 2 },
  { code: '110101', name: '东城区', parent: '110100', level: 3 },
  { code: '110102', name: '西城区', parent: '110100', level: 3 },
  { code: '110108', name: '海淀区', parent: '110100', level: 3 },
  { code: '310000', name: '上海市', level: 1 },
  { code: '310100', name: '上海市市辖区', parent: '310000', level: 2 },
  { code: '310104', name: '徐汇区', parent: '310100', level: 3 },
  { code: '310115', name: '浦东新区', parent: '310100', level: 3 },
  { code: '330000', name: '浙江省', level: 1 },
  { code: '330100', name: '杭州市', parent: '330000', level: 2 },
  { code: '330102', name: '上城区', parent: '330100', level: 3 },
  { code: '330106', name: '西湖区', parent: '330100', level: 3 },
  { code: '330200', name: '宁波市', parent: '330000', level: 2 },
  { code: '330203', name: '海曙区', parent: '330200', level: 3 },
  { code: '440000', name: '广东省', level: 1 },
  { code: '440100', name: '广州市', parent: '440000', level: 2 },
  { code: '440104', name: '越秀区', parent: '440100', level: 3 },
  { code: '440106', name: '天河区', parent: '440100', level: 3 },
  { code: '440300', name: '深圳市', parent: '440000', level: 2 },
  { code: '440304', name: '福田区', parent: '440300', level: 3 },
  { code: '440305', name: '南山区', parent: '440300', level: 3 },
];

export const SCHOOL = { code: 'school', name: '明德实验学校', nameEn: 'Mingde Experimental School' };
export const CAMPUSES = [
  { code: 'campus-1', digit: '1', name: '东校区', nameEn: 'East campus' },
  { code: 'campus-2', digit: '2', name: '西校区', nameEn: 'West campus' },
];
export const DIVISIONS = [
  { code: 'division-1', digit: '1', name: '小学部', nameEn: 'Primary division', grades: [1, 2, 3, 4, 5, 6] },
  { code: 'division-2', digit: '2', name: '初中部', nameEn: 'Junior division', grades: [7, 8, 9] },
  { code: 'division-3', digit: '3', name: '高中部', nameEn: 'Senior division', grades: [10, 11, 12] },
];
export const DEPARTMENTS = [
  { code: 'dept-office', name: '校长办公室', nameEn: "Principal's office" },
  { code: 'dept-academic', name: '教务处', nameEn: 'Academic office' },
  { code: 'dept-moral', name: '德育处', nameEn: 'Student affairs office' },
  { code: 'dept-general', name: '总务处', nameEn: 'General affairs office' },
  { code: 'dept-it', name: '信息中心', nameEn: 'IT centre' },
];

/** Courses with their teaching-research group; `weekly` lessons per grade band (primary, junior, senior). */
export const COURSES: { code: string; name: string; nameEn: string; group: string; groupEn: string; weekly: [number, number, number] }[] = [
  { code: 'chinese', name: '语文', nameEn: 'Chinese', group: '语文组', groupEn: 'Chinese group', weekly: [8, 6, 5] },
  { code: 'maths', name: '数学', nameEn: 'Mathematics', group: '数学组', groupEn: 'Mathematics group', weekly: [6, 6, 6] },
  { code: 'english', name: '英语', nameEn: 'English', group: '英语组', groupEn: 'English group', weekly: [3, 5, 5] },
  { code: 'physics', name: '物理', nameEn: 'Physics', group: '物理组', groupEn: 'Physics group', weekly: [0, 3, 4] },
  { code: 'chemistry', name: '化学', nameEn: 'Chemistry', group: '化学组', groupEn: 'Chemistry group', weekly: [0, 2, 4] },
  { code: 'biology', name: '生物', nameEn: 'Biology', group: '生物组', groupEn: 'Biology group', weekly: [0, 2, 3] },
  { code: 'history', name: '历史', nameEn: 'History', group: '文综组', groupEn: 'Humanities group', weekly: [0, 2, 3] },
  { code: 'geography', name: '地理', nameEn: 'Geography', group: '文综组', groupEn: 'Humanities group', weekly: [0, 2, 2] },
  { code: 'politics', name: '道德与法治', nameEn: 'Morality and law', group: '文综组', groupEn: 'Humanities group', weekly: [2, 2, 2] },
  { code: 'science', name: '科学', nameEn: 'Science', group: '物理组', groupEn: 'Physics group', weekly: [3, 0, 0] },
  { code: 'pe', name: '体育', nameEn: 'Physical education', group: '体育组', groupEn: 'PE group', weekly: [4, 3, 2] },
  { code: 'music', name: '音乐', nameEn: 'Music', group: '艺术组', groupEn: 'Arts group', weekly: [2, 1, 1] },
  { code: 'art', name: '美术', nameEn: 'Art', group: '艺术组', groupEn: 'Arts group', weekly: [2, 1, 1] },
  { code: 'it', name: '信息技术', nameEn: 'Information technology', group: '信息技术组', groupEn: 'IT group', weekly: [1, 1, 1] },
  { code: 'classMeeting', name: '班会', nameEn: 'Class meeting', group: '语文组', groupEn: 'Chinese group', weekly: [1, 1, 1] },
];
export const ELECTIVES = [
  { code: 'robotics', name: '机器人', nameEn: 'Robotics', group: '信息技术组' },
  { code: 'calligraphy', name: '书法', nameEn: 'Calligraphy', group: '艺术组' },
  { code: 'choir', name: '合唱', nameEn: 'Choir', group: '艺术组' },
  { code: 'basketball', name: '篮球', nameEn: 'Basketball', group: '体育组' },
];

export const GRADE_NAMES: [string, string][] = [
  ['一年级', 'Grade 1'], ['二年级', 'Grade 2'], ['三年级', 'Grade 3'], ['四年级', 'Grade 4'], ['五年级', 'Grade 5'], ['六年级', 'Grade 6'],
  ['初一', 'Grade 7'], ['初二', 'Grade 8'], ['初三', 'Grade 9'], ['高一', 'Grade 10'], ['高二', 'Grade 11'], ['高三', 'Grade 12'],
];

export const PERIODS: [string, string, string, string][] = [
  ['第一节', 'Period 1', '08:00', '08:45'],
  ['第二节', 'Period 2', '08:55', '09:40'],
  ['第三节', 'Period 3', '10:00', '10:45'],
  ['第四节', 'Period 4', '10:55', '11:40'],
  ['第五节', 'Period 5', '14:00', '14:45'],
  ['第六节', 'Period 6', '14:55', '15:40'],
  ['第七节', 'Period 7', '15:50', '16:35'],
  ['第八节', 'Period 8', '16:45', '17:30'],
];

export const WEEK_DAYS: [string, string][] = [
  ['星期一', 'Monday'], ['星期二', 'Tuesday'], ['星期三', 'Wednesday'], ['星期四', 'Thursday'], ['星期五', 'Friday'], ['星期六', 'Saturday'], ['星期日', 'Sunday'],
];

export const TERMS = [
  { code: '2025-2026-1', year: '2025-2026', name: '2025-2026学年第一学期', nameEn: '2025-2026 first term', start: '2025-09-01', end: '2026-01-23', weeks: 21, current: false },
  { code: '2025-2026-2', year: '2025-2026', name: '2025-2026学年第二学期', nameEn: '2025-2026 second term', start: '2026-02-23', end: '2026-07-10', weeks: 20, current: false },
  { code: '2026-2027-1', year: '2026-2027', name: '2026-2027学年第一学期', nameEn: '2026-2027 first term', start: '2026-08-31', end: '2027-01-22', weeks: 21, current: true },
  { code: '2026-2027-2', year: '2026-2027', name: '2026-2027学年第二学期', nameEn: '2026-2027 second term', start: '2027-02-22', end: '2027-07-09', weeks: 20, current: false },
];

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
export const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彬鹏浩宇轩子涵梓萱一诺欣怡思远俊熙雨桐可馨晨阳佳琪博文嘉怡浩然语嫣天佑若汐皓轩诗涵明哲梦瑶志豪';
