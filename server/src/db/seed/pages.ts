import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { homeCards, roles } from '../schema/index.ts';

const CARDS: { name: string; nameEn: string; route: string | null; content: string; contentEn?: string; role: string | null; category: 'shortcut' | 'statistic' | 'notice'; sort: number }[] = [
  { name: '未读消息', nameEn: 'Unread messages', route: '/messageCenter/xxzx', content: 'unreadMessages', role: null, category: 'statistic', sort: 1 },
  { name: '我的学生', nameEn: 'My students', route: '/rygl/xsxx', content: 'visibleStudents', role: 'class_teacher', category: 'statistic', sort: 2 },
  { name: '全校班级', nameEn: 'Classes', route: '/xtgl/bjgl', content: 'visibleClasses', role: 'admin', category: 'statistic', sort: 2 },
  { name: '我的课表', nameEn: 'My timetable', route: '/kbgl/xskb', content: '查看本周课程安排', contentEn: "This week's lessons", role: 'student', category: 'shortcut', sort: 3 },
  { name: '教师课表', nameEn: 'Teacher timetable', route: '/kbgl/jskb', content: '查看本周授课安排', contentEn: "This week's teaching", role: 'teacher', category: 'shortcut', sort: 3 },
  { name: '未读通知', nameEn: 'Unread notices', route: '/jxhd/wdtz', content: 'unreadNotices', role: 'parent', category: 'statistic', sort: 2 },
  { name: '未读通知', nameEn: 'Unread notices', route: '/jxhd/wdtz', content: 'unreadNotices', role: 'student', category: 'statistic', sort: 2 },
  { name: '待交作业', nameEn: 'Homework due', route: '/jxhd/wdzy', content: 'homeworkDue', role: 'student', category: 'statistic', sort: 3 },
  { name: '待交作业', nameEn: 'Homework due', route: '/jxhd/wdzy', content: 'homeworkDue', role: 'parent', category: 'statistic', sort: 3 },
  { name: '待回复活动', nameEn: 'Events to answer', route: '/jxhd/wdtz', content: 'eventsToAnswer', role: 'parent', category: 'statistic', sort: 4 },
  { name: '待回复活动', nameEn: 'Events to answer', route: '/jxhd/wdtz', content: 'eventsToAnswer', role: 'student', category: 'statistic', sort: 4 },
  { name: '近期获奖', nameEn: 'Recent awards', route: '/jsgl/wdhj', content: 'recentAwards', role: 'parent', category: 'statistic', sort: 5 },
  { name: '近期获奖', nameEn: 'Recent awards', route: '/jsgl/wdhj', content: 'recentAwards', role: 'student', category: 'statistic', sort: 5 },
  { name: '待批改作业', nameEn: 'Homework to correct', route: '/jxhd/zyfb', content: 'homeworkToCorrect', role: 'teacher', category: 'statistic', sort: 5 },
  { name: '待我审批', nameEn: 'Applications to review', route: '/sqsp/sqsh', content: 'approvalsWaiting', role: 'teacher', category: 'statistic', sort: 6 },
  { name: '今日请假', nameEn: 'On leave today', route: '/sqsp/qjsq', content: 'onLeaveToday', role: 'class_teacher', category: 'statistic', sort: 3 },
  { name: '最新通知已读', nameEn: 'Read my latest notice', route: '/jxhd/tzfb', content: 'latestNoticeReads', role: 'teacher', category: 'statistic', sort: 4 },
  { name: '待审选修课', nameEn: 'Electives to review', route: '/xkgl/kcsp', content: 'electivesToReview', role: 'admin', category: 'statistic', sort: 4 },
  { name: '待选选修课', nameEn: 'Electives to choose', route: '/xkgl/xsxk', content: 'electivesToChoose', role: 'student', category: 'statistic', sort: 6 },
  { name: '待选选修课', nameEn: 'Electives to choose', route: '/xkgl/xsxk', content: 'electivesToChoose', role: 'parent', category: 'statistic', sort: 6 },
  { name: '待填选科志愿', nameEn: 'Subject choices to make', route: '/zbgl/xszy', content: 'subjectChoicesToMake', role: 'student', category: 'statistic', sort: 8 },
  { name: '待填选科志愿', nameEn: 'Subject choices to make', route: '/zbgl/xszy', content: 'subjectChoicesToMake', role: 'parent', category: 'statistic', sort: 8 },
  { name: '待审志愿调整', nameEn: 'Choice changes to review', route: '/xkzysp/tzzy', content: 'choiceChangesToReview', role: 'admin', category: 'statistic', sort: 5 },
  { name: '待评价选修课', nameEn: 'Electives to rate', route: '/xkgl/kcpj', content: 'electivesToRate', role: 'student', category: 'statistic', sort: 7 },
  { name: '待填问卷', nameEn: 'Surveys to answer', route: '/survey/wjdt', content: 'surveysToAnswer', role: 'student', category: 'statistic', sort: 9 },
  { name: '待填问卷', nameEn: 'Surveys to answer', route: '/survey/wjdt', content: 'surveysToAnswer', role: 'parent', category: 'statistic', sort: 9 },
  { name: '待填问卷', nameEn: 'Surveys to answer', route: '/survey/wjdt', content: 'surveysToAnswer', role: 'teacher', category: 'statistic', sort: 9 },
  // 校园生活: a student's open sign-ups (a parent's: the activities the family may sign up for); the organisers' events to run.
  { name: '可报名讲座', nameEn: 'Lectures to sign up for', route: '/xysh/jzgl', content: 'lecturesToSignUp', role: 'student', category: 'statistic', sort: 10 },
  { name: '可报名活动', nameEn: 'Activities to sign up for', route: '/xysh/hdbm', content: 'activitiesToSignUp', role: 'student', category: 'statistic', sort: 11 },
  { name: '可报名活动', nameEn: 'Activities to sign up for', route: '/xysh/hdbm', content: 'activitiesToSignUp', role: 'parent', category: 'statistic', sort: 10 },
  { name: '讲座待办', nameEn: 'Lectures to run', route: '/xysh/jzgl', content: 'lecturesToRun', role: 'teacher', category: 'statistic', sort: 10 },
  { name: '活动待办', nameEn: 'Activities to run', route: '/xysh/hdbm', content: 'activitiesToRun', role: 'teacher', category: 'statistic', sort: 11 },
  { name: '讲座待办', nameEn: 'Lectures to run', route: '/xysh/jzgl', content: 'lecturesToRun', role: 'admin', category: 'statistic', sort: 6 },
  { name: '活动待办', nameEn: 'Activities to run', route: '/xysh/hdbm', content: 'activitiesToRun', role: 'admin', category: 'statistic', sort: 7 },
  { name: '学期提示', nameEn: 'Term notice', route: null, content: '本学期第 19 周为期末考试周，请各班主任提前安排复习并核对考场名单。', contentEn: 'Week 19 is the final exam week: class teachers, please plan the revision and check the exam room lists.', role: null, category: 'notice', sort: 9 },
];

/** Which demo cards (`content>role`) the seed has made: one the administrator deleted is not brought back. */
const SEEDED_CARDS_KEY = 'seed.homeCards';
const identity = (card: { content: string; role: string | null }) => `${card.content}>${card.role ?? ''}`;

/**
 * Demo home cards: an administrator's later edits are never overwritten, and a card a newer release adds
 * (the campus life cards, say) reaches a database seeded before it. A database seeded before the made
 * cards were recorded keeps the cards it has and gets the ones it lacks, once.
 */
export async function seedHomeCards(tx: Tx): Promise<void> {
  // Cards seeded before they had English texts get them, where nobody has changed their text since.
  for (const card of CARDS.filter((item) => item.contentEn)) {
    await tx.execute(sql`UPDATE home_cards SET content_en = ${card.contentEn!} WHERE content = ${card.content} AND content_en IS NULL`);
  }
  const [recorded] = await queryRows<{ value: string }>(tx, sql`SELECT value FROM system_config WHERE key = ${SEEDED_CARDS_KEY}`);
  const seeded = new Set<string>(
    recorded
      ? (JSON.parse(recorded.value) as string[])
      : (await queryRows<{ content: string; role: string | null }>(tx, sql`SELECT hc.content, r.code AS role FROM home_cards hc LEFT JOIN roles r ON r.id = hc.role_id`)).map(identity),
  );
  const missing = CARDS.filter((card) => !seeded.has(identity(card)));
  if (missing.length) {
    const roleRows = await tx.select({ id: roles.id, code: roles.code }).from(roles);
    const roleId = new Map(roleRows.map((role) => [role.code, role.id]));
    await tx.insert(homeCards).values(missing.map(({ role, ...card }) => ({ ...card, roleId: role ? (roleId.get(role) ?? null) : null })));
    for (const card of missing) seeded.add(identity(card));
  }
  const value = JSON.stringify([...seeded].sort());
  await tx.execute(sql`
    INSERT INTO system_config (key, value) VALUES (${SEEDED_CARDS_KEY}, ${value})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now() WHERE system_config.value <> excluded.value`);
}
