import { sql } from 'drizzle-orm';
import { checkRecordFields, isFieldProblem, type ClassRecordKind } from '@campus/contract';
import { queryRows, type Tx } from '../client.ts';
import { schoolToday } from '../../modules/timetable/views/service.ts';
import { KEYWORD_PEOPLE } from './school.ts';

/**
 * 班主任工作 demo data (issue 17): a believable term of the demo class teacher T0002's class (初二(1)班),
 * from the start of the current term to today: the class fund (dues in, spending out, the balance never
 * below zero), class meetings, classroom decoration, a duty roster, two versions of the seating chart with a
 * few students still to seat, home-school contacts, cadres (one dismissed), social practice, students
 * needing support, an incident, league activities and a mid-term analysis.
 */
export async function seedHeadTeacher(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM class_records) OR EXISTS (SELECT 1 FROM class_seating_charts) AS any`);
  if (done?.any) return;
  const [cls] = await queryRows<{ id: number; userId: number; start: string }>(tx, sql`
    SELECT c.id, st.user_id AS "userId", (SELECT to_char(start_date, 'YYYY-MM-DD') FROM terms WHERE is_current) AS start
    FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id
    WHERE u.account = 'T0002' ORDER BY c.id LIMIT 1`);
  if (!cls?.start) return;
  const pupils = await queryRows<{ id: number; name: string; gender: string; parent: string | null }>(tx, sql`
    SELECT s.id, s.name, s.gender, (SELECT pu.display_name FROM guardians g JOIN users pu ON pu.id = g.parent_user_id WHERE g.student_id = s.id ORDER BY pu.id LIMIT 1) AS parent
    FROM students s WHERE s.class_id = ${cls.id} ORDER BY s.student_number`);
  if (pupils.length < 12) return;
  const today = schoolToday();
  // Days after the term's start, never past today (a demo school opened early in its term still gets its records).
  const day = (offset: number) => {
    const date = new Date(`${cls.start}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    const text = date.toISOString().slice(0, 10);
    return text > today ? today : text;
  };
  const p = (index: number) => pupils[index % pupils.length]!;
  const by = cls.userId;

  // 班级经费: dues at the start, spending through the term; the running balance stays above zero.
  const fund: [number, 'income' | 'expense', number, string, string, string][] = [
    [2, 'income', 2250, '本学期班费收取（45人×50元）', '生活委员 ' + p(3).name, '微信收款截图已存档'],
    [5, 'expense', 186.5, '购买扫把、拖把、垃圾桶等清洁用品', p(3).name, ''],
    [9, 'expense', 320, '教室绿植 6 盆及花盆', '李秀英', '图书角旁摆放'],
    [16, 'expense', 148, '黑板报彩色粉笔、装饰纸', p(5).name, ''],
    [23, 'income', 300, '校运会团体奖奖金', '李秀英', '学校体育组发放'],
    [30, 'expense', 415.8, '班级图书角新书 18 册', p(3).name, '发票已交'],
    [44, 'expense', 260, '主题班会奖品（笔记本、书签）', p(3).name, ''],
    [58, 'expense', 96, '打印期中复习资料', p(7).name, ''],
    [66, 'income', 120, '义卖活动结余', '李秀英', '班团队活动'],
    [72, 'expense', 238, '秋游集体保险及饮用水', '李秀英', ''],
  ];
  for (const [offset, direction, amount, purpose, handler, notes] of fund) {
    await tx.execute(sql`
      INSERT INTO class_fund_entries (class_id, entry_date, direction, amount, purpose, handler, notes, created_by_user_id)
      VALUES (${cls.id}, ${day(offset)}::date, ${direction}, ${amount.toFixed(2)}::numeric, ${purpose}, ${handler}, ${notes}, ${by})`);
  }

  const records: { kind: ClassRecordKind; offset: number; title: string; fields: Record<string, unknown> }[] = [
    // 班会教育记录
    { kind: 'meeting', offset: 1, title: '新学期 新目标', fields: { category: 'theme', host: '李秀英', present: pupils.length, absent: [], content: '回顾上学期的收获与不足，每位同学写下本学期的三个目标，张贴在教室后墙“目标树”上。', outcome: '同学们目标明确，班干部竞选意愿强烈。' } },
    { kind: 'meeting', offset: 8, title: '校园安全伴我行', fields: { category: 'safety', host: p(1).name, present: pupils.length - 1, absent: [p(11).id], content: '学习上下学交通安全、实验室安全和防溺水知识，观看安全教育视频，分组演练疏散路线。', outcome: '' } },
    { kind: 'meeting', offset: 22, title: '学会与压力相处', fields: { category: 'mental', host: '心理老师 陈静', present: pupils.length, absent: [], content: '心理老师讲解初二常见压力来源，同学们分享减压方法，学习深呼吸放松法。', outcome: '课后有 3 位同学主动预约了心理咨询。' } },
    { kind: 'meeting', offset: 36, title: '我和我的祖国', fields: { category: 'patriotic', host: p(6).name, present: pupils.length, absent: [], content: '国庆主题班会：分组介绍家乡的变化，合唱《我和我的祖国》。', outcome: '' } },
    { kind: 'meeting', offset: 57, title: '期中复习方法交流', fields: { category: 'study', host: p(2).name, present: pupils.length - 2, absent: [p(8).id, p(14).id], content: '各科课代表介绍复习计划，优秀学生分享错题本的整理方法。', outcome: '统一制作错题本，两周后检查。' } },
    // 教室布置
    { kind: 'environment', offset: 3, title: '开学黑板报“启航”', fields: { area: 'blackboard', description: '以“启航”为主题，介绍班级公约和本学期大事记。', students: [p(5).id, p(9).id] } },
    { kind: 'environment', offset: 10, title: '图书角建设', fields: { area: 'bookCorner', description: '同学们捐书 60 余册，加上班费购买的新书，由图书管理员登记借阅。', students: [p(4).id] } },
    { kind: 'environment', offset: 12, title: '窗台绿植认养', fields: { area: 'plants', description: '6 盆绿植分给 6 个小组认养，每周浇水记录贴在窗边。', students: [p(0).id, p(10).id, p(12).id] } },
    { kind: 'environment', offset: 40, title: '国庆主题墙', fields: { area: 'wall', description: '后墙布置“我和我的祖国”摄影作品展。', students: [p(6).id, p(13).id] } },
    // 家校联系情况
    { kind: 'contact', offset: 6, title: '作业完成情况', fields: { student: p(8).id, parent: p(8).parent ?? '家长', way: 'phone', content: '近一周数学作业有三次未交，与家长沟通晚间作业时间安排。', followUp: '家长每晚检查签字，一周后反馈已按时上交。' } },
    { kind: 'contact', offset: 15, title: '新学期家访', fields: { student: p(11).id, parent: p(11).parent ?? '家长', way: 'visit', content: '了解学生假期生活与家庭学习环境，学生父母在外地工作，由祖父母照顾。', followUp: '每两周电话联系一次父母。' } },
    { kind: 'contact', offset: 28, title: '校运会表现突出', fields: { student: p(1).id, parent: p(1).parent ?? '家长', way: 'online', content: '通过班级群告知家长学生在 800 米比赛中获得年级第一。', followUp: '' } },
    { kind: 'contact', offset: 47, title: '上课注意力不集中', fields: { student: p(14).id, parent: p(14).parent ?? '家长', way: 'meeting', content: '家长来校面谈，反映孩子近期睡眠较晚，沉迷手机游戏。', followUp: '约定周一至周五手机交家长保管，月底再沟通。' } },
    { kind: 'contact', offset: 61, title: '期中成绩沟通', fields: { student: p(2).id, parent: p(2).parent ?? '家长', way: 'phone', content: '成绩进步明显，肯定孩子的努力，建议继续保持错题整理。', followUp: '' } },
    // 学生干部
    { kind: 'cadre', offset: 4, title: '班长', fields: { student: p(1).id, status: 'serving', dismissedOn: '', duties: '全面负责班级日常管理，组织班委会。' } },
    { kind: 'cadre', offset: 4, title: '团支部书记', fields: { student: p(6).id, status: 'serving', dismissedOn: '', duties: '组织团支部活动，发展团员。' } },
    { kind: 'cadre', offset: 4, title: '学习委员', fields: { student: p(2).id, status: 'serving', dismissedOn: '', duties: '收发作业，组织学习小组。' } },
    { kind: 'cadre', offset: 4, title: '生活委员', fields: { student: p(3).id, status: 'serving', dismissedOn: '', duties: '管理班费和班级物品。' } },
    { kind: 'cadre', offset: 4, title: '体育委员', fields: { student: p(9).id, status: 'dismissed', dismissedOn: day(33), duties: '组织课间操和体育活动。' } },
    { kind: 'cadre', offset: 33, title: '体育委员', fields: { student: p(1).id === p(10).id ? p(12).id : p(10).id, status: 'serving', dismissedOn: '', duties: '组织课间操和体育活动，校运会报名。' } },
    { kind: 'cadre', offset: 4, title: '宣传委员', fields: { student: p(5).id, status: 'serving', dismissedOn: '', duties: '负责黑板报和班级宣传。' } },
    // 社会实践情况
    { kind: 'practice', offset: 20, title: '社区图书馆', fields: { student: p(4).id, hours: 4, content: '整理图书、为小朋友读绘本。', evaluation: 'excellent' } },
    { kind: 'practice', offset: 20, title: '社区图书馆', fields: { student: p(5).id, hours: 4, content: '整理图书、登记借阅。', evaluation: 'good' } },
    { kind: 'practice', offset: 41, title: '敬老院', fields: { student: p(6).id, hours: 3, content: '陪老人聊天、表演节目、打扫活动室。', evaluation: 'excellent' } },
    { kind: 'practice', offset: 41, title: '敬老院', fields: { student: p(7).id, hours: 3, content: '打扫活动室，帮助分发水果。', evaluation: 'pass' } },
    { kind: 'practice', offset: 55, title: '城市博物馆志愿讲解', fields: { student: p(1).id, hours: 6.5, content: '担任“古代陶瓷”展厅志愿讲解员。', evaluation: 'excellent' } },
    // 帮扶情况
    { kind: 'support', offset: 14, title: '留守学生，性格内向', fields: { student: p(11).id, category: 'family', helper: '李秀英', measures: '安排性格开朗的同桌，鼓励参加班级活动；每两周与父母视频沟通一次。', followUps: '第 6 周：已主动参加合唱排练。' } },
    { kind: 'support', offset: 26, title: '数学基础薄弱', fields: { student: p(8).id, category: 'study', helper: p(2).name, measures: '学习委员结对辅导，每周二、四午休讲解错题。', followUps: '期中数学从 52 分提高到 71 分。' } },
    { kind: 'support', offset: 50, title: '手机使用过度，睡眠不足', fields: { student: p(14).id, category: 'behaviour', helper: '李秀英', measures: '与家长约定手机管理办法，安排其担任纪律委员助理。', followUps: '' } },
    // 突发事件
    { kind: 'incident', offset: 31, title: '体育课扭伤脚踝', fields: { level: 'minor', students: [p(9).id], details: '体育课跳远时落地不稳扭伤右脚踝。', handling: '体育老师冰敷后送校医室，通知家长接回就医，无骨折，休息一周。' } },
    { kind: 'incident', offset: 52, title: '课间同学冲突', fields: { level: 'normal', students: [p(7).id, p(14).id], details: '课间因借用文具发生口角并推搡。', handling: '当场制止，分别谈话后双方互相道歉，通知双方家长，记入班级日志。' } },
    // 班团队活动
    { kind: 'activity', offset: 18, title: '中秋诗会', fields: { type: 'class', place: '本班教室', participants: pupils.slice(0, 20).map((s) => s.id), content: '朗诵与中秋有关的古诗词，分享月饼，评选“最佳朗诵者”。' } },
    { kind: 'activity', offset: 38, title: '团支部主题团日：走进红色纪念馆', fields: { type: 'league', place: '市革命历史纪念馆', participants: [p(1).id, p(2).id, p(6).id, p(13).id], content: '参观纪念馆，重温入团誓词，撰写观后感。' } },
    { kind: 'activity', offset: 65, title: '爱心义卖', fields: { type: 'class', place: '学校操场', participants: pupils.slice(10, 30).map((s) => s.id), content: '义卖同学们的手工作品和旧书，结余 120 元存入班费，其余捐给希望工程。' } },
    // 班级情况分析
    {
      kind: 'analysis',
      offset: 60,
      title: '期中班级情况分析',
      fields: {
        overview: '本班学生整体精神面貌良好，班委会运转正常，大部分同学能遵守班级公约。',
        study: '期中考试各科均分较上学期有所提高，数学两极分化仍较明显，需要加强后进生辅导。',
        conduct: '迟到现象明显减少；课间追逐打闹仍偶有发生，发生一起同学冲突已妥善处理。',
        problems: '部分同学手机使用过度影响睡眠；个别留守学生需要持续关注。',
        measures: '继续开展结对辅导；召开一次家长会讨论手机管理；每月一次主题班会。',
      },
    },
  ];
  for (const record of records) {
    // The demo's records pass the same checks as a class teacher's.
    const checked = checkRecordFields(record.kind, { recordDate: day(record.offset), title: record.title, fields: record.fields, pictures: [] });
    if (isFieldProblem(checked)) throw new Error(`headTeacher seed: ${record.kind} ${record.title}: ${checked.key} ${checked.field}`);
    await tx.execute(sql`
      INSERT INTO class_records (class_id, kind, record_date, term_id, title, fields, student_ids, created_by_user_id)
      VALUES (${cls.id}, ${record.kind}, ${day(record.offset)}::date, (SELECT id FROM terms WHERE is_current), ${record.title}, ${JSON.stringify(checked.fields)}::jsonb,
        ${sql.param(checked.studentIds)}::int[], ${by})`);
  }

  // 每周值日: five groups, Monday to Friday, with a leader each.
  const perDay = Math.min(8, Math.floor(pupils.length / 5));
  const tasks = ['扫地、拖地', '擦黑板、整理讲台', '倒垃圾、擦窗台', '整理图书角、浇花', '走廊与包干区'];
  for (let d = 1; d <= 5; d++) {
    const group = pupils.slice((d - 1) * perDay, d * perDay).map((s) => s.id);
    await tx.execute(sql`
      INSERT INTO class_duty_days (class_id, day, leader_student_id, student_ids, tasks, updated_by_user_id)
      VALUES (${cls.id}, ${d}, ${group[0]!}, ${sql.param(group)}::int[], ${tasks[d - 1]!}, ${by})`);
  }

  // 座位表: version 1 at the start of term, version 2 after the mid-term (two students moved, three still to seat).
  const columns = 8;
  const rows = Math.max(6, Math.ceil(pupils.length / columns));
  const seat = (list: typeof pupils) => list.map((s, i) => ({ row: Math.floor(i / columns) + 1, column: (i % columns) + 1, studentId: s.id }));
  const first = seat(pupils);
  const second = seat(pupils.slice(0, pupils.length - 3));
  // Two students swap seats in the second version (a tall one to the back).
  const [a, b] = [second[1]!, second[second.length - 2]!];
  [a.studentId, b.studentId] = [b.studentId, a.studentId];
  await tx.execute(sql`
    INSERT INTO class_seating_charts (class_id, version, rows, columns, seats, note, saved_by_user_id, saved_at)
    VALUES (${cls.id}, 1, ${rows}, ${columns}, ${JSON.stringify(first)}::jsonb, '开学按学号排座', ${by}, ${day(0)}::date + time '08:00'),
      (${cls.id}, 2, ${rows}, ${columns}, ${JSON.stringify(second)}::jsonb, '期中后调整', ${by}, ${day(60)}::date + time '16:30')`);

  await seedOtherClasses(tx, cls.id, cls.start, today);
}

/**
 * The school's other classes, for an administrator looking at any class: each class teacher has collected the
 * dues and spent some, held two class meetings, appointed a monitor (初二(2)班 two commissioners more), set
 * the duty roster and seated the class by student number. Set-based, so a district-sized school seeds as fast as a small one.
 */
async function seedOtherClasses(tx: Tx, demoClassId: number, start: string, today: string): Promise<void> {
  const others = sql`(SELECT c.id, st.user_id AS teacher FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE c.id <> ${demoClassId}
    AND EXISTS (SELECT 1 FROM students s WHERE s.class_id = c.id))`;
  const on = (offset: number) => sql`LEAST(${start}::date + ${offset}::int, ${today}::date)`;
  await tx.execute(sql`
    INSERT INTO class_fund_entries (class_id, entry_date, direction, amount, purpose, handler, created_by_user_id)
    SELECT o.id, x.day, x.direction, x.amount, x.purpose, coalesce((SELECT display_name FROM users WHERE id = o.teacher), ''), o.teacher FROM ${others} o,
      LATERAL (VALUES
        (${on(3)}, 'income', ((SELECT count(*) FROM students s WHERE s.class_id = o.id) * 50)::numeric(10, 2), '本学期班费收取'),
        (${on(8)}, 'expense', 168.00::numeric(10, 2), '清洁用品'),
        (${on(40)}, 'expense', 215.50::numeric(10, 2), '班会奖品与布置材料')) AS x(day, direction, amount, purpose)`);
  await tx.execute(sql`
    INSERT INTO class_records (class_id, kind, record_date, term_id, title, fields, student_ids, created_by_user_id)
    SELECT o.id, 'meeting', x.day, (SELECT id FROM terms WHERE is_current), x.title,
      jsonb_build_object('category', x.category, 'host', '', 'present', (SELECT count(*) FROM students s WHERE s.class_id = o.id), 'absent', '[]'::jsonb, 'content', x.content, 'outcome', ''),
      '{}'::int[], o.teacher
    FROM ${others} o, LATERAL (VALUES
      (${on(1)}, '新学期 新目标', 'theme', '回顾上学期，制定本学期个人目标与班级公约。'),
      (${on(8)}, '安全教育', 'safety', '交通、用电、防溺水安全知识学习与疏散演练。')) AS x(day, title, category, content)`);
  await tx.execute(sql`
    INSERT INTO class_records (class_id, kind, record_date, term_id, title, fields, student_ids, created_by_user_id)
    SELECT o.id, 'cadre', ${on(4)}, (SELECT id FROM terms WHERE is_current), '班长',
      jsonb_build_object('student', m.id, 'status', 'serving', 'dismissedOn', '', 'duties', '负责班级日常管理。'), ARRAY[m.id], o.teacher
    FROM ${others} o JOIN LATERAL (SELECT s.id FROM students s WHERE s.class_id = o.id ORDER BY s.student_number LIMIT 1) m ON TRUE`);
  // 初二(2)班 also appointed its sports and study commissioners: the students a keyword search is tried on.
  const commissioners: [string, string, string][] = [
    [KEYWORD_PEOPLE.students.zhangWei.number, '体育委员', '组织课间操和体育活动，校运会报名。'],
    [KEYWORD_PEOPLE.students.hou.number, '学习委员', '收发作业，组织学习小组。'],
  ];
  for (const [number, post, duties] of commissioners) {
    await tx.execute(sql`
      INSERT INTO class_records (class_id, kind, record_date, term_id, title, fields, student_ids, created_by_user_id)
      SELECT o.id, 'cadre', ${on(4)}, (SELECT id FROM terms WHERE is_current), ${post},
        jsonb_build_object('student', s.id, 'status', 'serving', 'dismissedOn', '', 'duties', ${duties}::text), ARRAY[s.id], o.teacher
      FROM ${others} o JOIN students s ON s.class_id = o.id AND s.student_number = ${number}`);
  }
  // Five duty groups by student number, Monday to Friday.
  await tx.execute(sql`
    INSERT INTO class_duty_days (class_id, day, leader_student_id, student_ids, tasks, updated_by_user_id)
    SELECT g.class_id, g.day, g.ids[1], g.ids, '打扫教室、擦黑板、倒垃圾', g.teacher FROM (
      SELECT o.id AS class_id, o.teacher, (n.rn - 1) % 5 + 1 AS day, array_agg(n.id ORDER BY n.rn) AS ids
      FROM ${others} o JOIN LATERAL (SELECT s.id, row_number() OVER (ORDER BY s.student_number) AS rn FROM students s WHERE s.class_id = o.id) n ON TRUE
      GROUP BY o.id, o.teacher, (n.rn - 1) % 5) g`);
  // Seated by student number, eight to a row.
  await tx.execute(sql`
    INSERT INTO class_seating_charts (class_id, version, rows, columns, seats, note, saved_by_user_id, saved_at)
    SELECT o.id, 1, GREATEST(6, LEAST(12, ceil(count(n.id) / 8.0)))::int, 8,
      jsonb_agg(jsonb_build_object('row', (n.rn - 1) / 8 + 1, 'column', (n.rn - 1) % 8 + 1, 'studentId', n.id) ORDER BY n.rn)
        FILTER (WHERE n.rn <= 96),
      '开学按学号排座', o.teacher, ${on(0)} + time '08:00'
    FROM ${others} o JOIN LATERAL (SELECT s.id, row_number() OVER (ORDER BY s.student_number) AS rn FROM students s WHERE s.class_id = o.id) n ON TRUE
    GROUP BY o.id, o.teacher`);
}
