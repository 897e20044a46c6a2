import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';

/**
 * Demo data of the teaching pages of issue 17.
 *
 * 公开课评价: three evaluation sets (the school's lesson form, anonymous; the young teachers' form, with
 * names; a disabled 说课 form nobody uses) and open classes of the current term in every phase, each on one
 * of its teacher's own lessons: T0002's closed one three weeks ago with four evaluations, T0001's last-week
 * lesson still open for evaluation (two colleagues have evaluated it; T0002 signed up and has theirs to give),
 * a colleague's closed class T0001 and T0002 evaluated, T0002's next one that T0001 signed up for, and one
 * more upcoming without sign-ups.
 */

const SETS: { name: string; description: string; anonymous: boolean; enabled: boolean; items: [string, string, number, number][] }[] = [
  {
    name: '课堂教学评价表',
    description: '学校公开课通用评价表，评语对授课教师匿名',
    anonymous: true,
    enabled: true,
    items: [
      ['教学目标', '目标明确、具体，符合课标与学情', 10, 15],
      ['教学内容', '重点突出、难点突破，容量适当', 20, 25],
      ['教学方法', '方法灵活，注重启发与互动', 20, 25],
      ['学生参与', '学生参与面广，思维活跃', 20, 20],
      ['教学效果', '目标达成度高，课堂生成好', 10, 15],
    ],
  },
  {
    name: '青年教师汇报课评价表',
    description: '青年教师汇报课，评价人实名',
    anonymous: false,
    enabled: true,
    items: [
      ['教学设计', '环节完整，设计合理', 10, 30],
      ['课堂组织', '节奏得当，管理有序', 10, 30],
      ['教学基本功', '语言、板书、多媒体运用规范', 10, 40],
    ],
  },
  {
    name: '说课评价表',
    description: '说课比赛用（已停用）',
    anonymous: true,
    enabled: false,
    items: [
      ['说教材', '', 10, 25],
      ['说学情', '', 10, 25],
      ['说教法', '', 10, 25],
      ['说流程', '', 10, 25],
    ],
  },
];

const COMMENTS = ['导入自然，学生兴趣浓厚', '小组合作环节可以再给学生多一些时间', '板书清晰，重难点突出', '提问有层次，照顾到了不同水平的学生', '课堂节奏稍快，练习反馈可以更充分'];

export async function seedTeaching(tx: Tx): Promise<void> {
  await seedOpenClasses(tx);
  await seedStratifiedClasses(tx);
  await seedFamilyCommittee(tx);
  await seedResearchMeetings(tx);
  await seedTermStudents(tx);
  await seedMaterials(tx);
}

/**
 * Teaching materials: competency templates of maths, Chinese and (disabled) English; 初二 maths' chapters and
 * sections with knowledge points (approved ones, T0001's proposal waiting for the maths group's leader, one
 * rejected); two attribute-item templates (a lesson plan's fields, a lesson-observation record's).
 */
async function seedMaterials(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM ability_templates) AS any`);
  if (done?.any) return;
  const course = (code: string) => sql`(SELECT id FROM courses WHERE code = ${code})`;
  const templates: [string, string, string, string[], boolean][] = [
    ['maths', '数学核心素养', '依据课程标准划分的学业水平', ['水平一', '水平二', '水平三', '水平四'], true],
    ['chinese', '阅读理解能力', '从提取信息到评价鉴赏', ['提取信息', '整体感知', '分析理解', '评价鉴赏'], true],
    ['english', '英语口语表达', '（已停用）旧版口语评价', ['基础', '熟练', '流利'], false],
  ];
  for (const [code, name, description, levels, enabled] of templates) {
    await tx.execute(sql`
      INSERT INTO ability_templates (course_id, name, description, levels, enabled)
      SELECT ${course(code)}, ${name}, ${description}, ${JSON.stringify(levels.map((level, i) => ({ name: level, description: `${name}第${i + 1}级` })))}::jsonb, ${enabled}
      WHERE ${course(code)} IS NOT NULL`);
  }
  const [grade] = await queryRows<{ id: number | null; maths: number | null }>(tx, sql`SELECT (SELECT id FROM grades WHERE sort = 8) AS id, ${course('maths')} AS maths`);
  if (grade?.id && grade.maths) {
    const chapters: [string, string[]][] = [
      ['第十一章 三角形', ['11.1 与三角形有关的线段', '11.2 与三角形有关的角', '11.3 多边形及其内角和']],
      ['第十二章 全等三角形', ['12.1 全等三角形', '12.2 三角形全等的判定', '12.3 角的平分线的性质']],
      ['第十九章 一次函数', ['19.1 函数', '19.2 一次函数', '19.3 课题学习 选择方案']],
    ];
    for (const [index, [name, sections]] of chapters.entries()) {
      const [chapter] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO textbook_chapters (course_id, grade_id, name, sort) VALUES (${grade.maths}, ${grade.id}, ${name}, ${index + 1}) RETURNING id`);
      for (const [i, section] of sections.entries()) {
        await tx.execute(sql`INSERT INTO textbook_chapters (course_id, grade_id, parent_id, name, sort) VALUES (${grade.maths}, ${grade.id}, ${chapter!.id}, ${section}, ${i + 1})`);
      }
    }
    const teacher = (account: string) => sql`(SELECT st.id FROM staff st JOIN users u ON u.id = st.user_id WHERE u.account = ${account})`;
    const points: [string, string, string, string, string][] = [
      ['11.1 与三角形有关的线段', '三角形的三边关系', '两边之和大于第三边', 'approved', 'T0001'],
      ['11.2 与三角形有关的角', '三角形内角和定理', '三角形三个内角的和等于180°', 'approved', 'T0001'],
      ['12.2 三角形全等的判定', '“边角边”判定', 'SAS', 'approved', 'T0002'],
      ['19.2 一次函数', '一次函数的图像与性质', 'k、b对图像的影响', 'pending', 'T0001'],
      ['19.1 函数', '函数的三种表示法', '解析式、列表、图像', 'pending', 'T0002'],
      ['19.1 函数', '变量与常量', '与教材重复', 'rejected', 'T0002'],
    ];
    for (const [section, name, description, status, account] of points) {
      await tx.execute(sql`
        INSERT INTO knowledge_points (chapter_id, name, description, status, proposed_by_id, review_comment, reviewed_by_user_id, reviewed_at)
        SELECT c.id, ${name}, ${description}, ${status}, ${teacher(account)}, ${status === 'rejected' ? '与已有知识点重复' : ''},
          CASE WHEN ${status} = 'pending' THEN NULL ELSE (SELECT id FROM users WHERE account = 'admin') END, CASE WHEN ${status} = 'pending' THEN NULL ELSE now() END
        FROM textbook_chapters c WHERE c.name = ${section} AND c.grade_id = ${grade.id}`);
    }
  }
  const attributeTemplates: [string, string, { name: string; kind: string; required: boolean; options: string[] }[]][] = [
    ['教学设计模板', '教学设计（教案）记录的字段', [
      { name: '课题', kind: 'text', required: true, options: [] },
      { name: '课型', kind: 'enum', required: true, options: ['新授课', '复习课', '练习课', '讲评课'] },
      { name: '课时', kind: 'number', required: true, options: [] },
      { name: '授课日期', kind: 'date', required: false, options: [] },
      { name: '教学反思', kind: 'text', required: false, options: [] },
    ]],
    ['听课记录模板', '听课记录的字段', [
      { name: '听课日期', kind: 'date', required: true, options: [] },
      { name: '授课教师', kind: 'text', required: true, options: [] },
      { name: '总体评价', kind: 'enum', required: true, options: ['优秀', '良好', '合格', '待改进'] },
    ]],
  ];
  for (const [name, description, items] of attributeTemplates) {
    await tx.execute(sql`INSERT INTO attribute_templates (name, description, items) VALUES (${name}, ${description}, ${JSON.stringify(items)}::jsonb)`);
  }
}

/**
 * 学期学生: last term's register (students in school registered, four on sick leave suspended, two who have
 * left since), and this term's copied from it (the two who left are not in it); next term is not registered yet.
 */
async function seedTermStudents(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM term_students) AS any`);
  if (done?.any) return;
  const [terms] = await queryRows<{ current: number | null; previous: number | null }>(tx, sql`
    SELECT (SELECT id FROM terms WHERE is_current) AS current,
      (SELECT id FROM terms WHERE start_date < (SELECT start_date FROM terms WHERE is_current) ORDER BY start_date DESC LIMIT 1) AS previous`);
  if (!terms?.current || !terms.previous) return;
  await tx.execute(sql`
    INSERT INTO term_students (term_id, student_id, class_id, status, remark)
    SELECT ${terms.previous}, s.id, s.class_id, CASE WHEN x.n <= 2 THEN 'left' WHEN x.n <= 6 OR s.in_school_status <> '1' THEN 'suspended' ELSE 'registered' END,
      CASE WHEN x.n <= 2 THEN '转学' WHEN x.n <= 6 THEN '病休' ELSE '' END
    FROM students s JOIN (SELECT id, row_number() OVER (ORDER BY md5(student_number)) AS n FROM students WHERE student_number <> '201911001') x ON x.id = s.id
    WHERE s.class_id IS NOT NULL`);
  await tx.execute(sql`
    INSERT INTO term_students (term_id, student_id, class_id, status, remark)
    SELECT ${terms.current}, p.student_id, s.class_id, p.status, p.remark FROM term_students p JOIN students s ON s.id = p.student_id
    WHERE p.term_id = ${terms.previous} AND p.status <> 'left'`);
}

/**
 * 教研会议: for each teaching-research group with a leader, two past meetings (minutes kept, attendance
 * marked with one absence) and one next week (members invited, attendance not marked yet).
 */
async function seedResearchMeetings(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM research_meetings) AS any`);
  if (done?.any) return;
  const groups = await queryRows<{ id: number; name: string; leaderId: number }>(tx, sql`
    SELECT g.id, g.name, p.leader_staff_id AS "leaderId" FROM org_units g JOIN research_group_profiles p ON p.org_unit_id = g.id
    WHERE g.kind = 'researchGroup' AND p.leader_staff_id IS NOT NULL ORDER BY g.sort, g.id LIMIT 8`);
  const plans: [number, string, string, string][] = [
    [-21, '14:30', '16:00', '期中考试质量分析'],
    [-7, '15:00', '16:30', '集体备课：下一单元教学设计'],
    [6, '14:30', '16:00', '公开课磨课与评课'],
  ];
  for (const group of groups) {
    for (const [offset, start, end, topic] of plans) {
      const past = offset < 0;
      const minutes = past ? `<p>${group.name}${topic}。</p><ul><li>各备课组汇报本阶段教学进度与存在的问题</li><li>确定下一阶段的教学重点和分工</li></ul>` : '';
      const [meeting] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO research_meetings (group_id, day, start_time, end_time, place, topic, host_id, minutes)
        VALUES (${group.id}, current_date + ${offset}::int, ${start}, ${end}, '行政楼三楼会议室', ${topic}, ${group.leaderId}, ${minutes}) RETURNING id`);
      await tx.execute(sql`
        INSERT INTO research_meeting_attendees (meeting_id, staff_id, attended)
        SELECT ${meeting!.id}, x.staff_id, CASE WHEN ${past} THEN x.n <> 3 ELSE NULL END
        FROM (SELECT staff_id, row_number() OVER (ORDER BY staff_id) AS n FROM (
          SELECT staff_id FROM research_group_members WHERE org_unit_id = ${group.id} UNION SELECT ${group.leaderId}::int) m) x`);
    }
  }
}

/**
 * 家委会: this school year's committee of the demo class (a chair, a vice chair and members approved, a
 * secretary waiting for the class teacher T0002, one rejected; the demo parent's application as a member
 * waiting too), a neighbouring class's committee, and the school committee (members from several classes,
 * one application waiting for the office).
 */
async function seedFamilyCommittee(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM family_committee_members) AS any`);
  if (done?.any) return;
  const [facts] = await queryRows<{ yearId: number | null; demoClass: number | null; otherClass: number | null; admin: number | null; teacher: number | null }>(tx, sql`
    SELECT (SELECT school_year_id FROM terms WHERE is_current) AS "yearId",
      (SELECT s.class_id FROM students s WHERE s.student_number = '201911001') AS "demoClass",
      (SELECT c.id FROM classes c WHERE c.id <> (SELECT s.class_id FROM students s WHERE s.student_number = '201911001') ORDER BY c.id LIMIT 1) AS "otherClass",
      (SELECT id FROM users WHERE account = 'admin') AS admin, (SELECT id FROM users WHERE account = 'T0002') AS teacher`);
  if (!facts?.yearId || !facts.demoClass || !facts.otherClass) return;
  // [class (null: school), nth student of the class (or of the school), post, status, reason, review comment]
  type Plan = [number | null, number, string, string, string, string];
  const REASON = ['有时间参与班级活动，愿意为大家服务', '在医院工作，可以协助开展健康教育', '擅长摄影和文字，可以记录班级活动', '做财务工作，可以管理班费账目', '愿意配合老师做好家校沟通'];
  const plans: Plan[] = [
    [facts.demoClass, 2, 'chair', 'approved', REASON[0]!, '欢迎加入'],
    [facts.demoClass, 3, 'viceChair', 'approved', REASON[1]!, ''],
    [facts.demoClass, 4, 'member', 'approved', REASON[2]!, ''],
    [facts.demoClass, 5, 'member', 'approved', REASON[3]!, ''],
    [facts.demoClass, 6, 'secretary', 'pending', REASON[2]!, ''],
    [facts.demoClass, 7, 'chair', 'rejected', REASON[4]!, '本学年主任已确定，欢迎以委员身份报名'],
    [facts.otherClass, 1, 'chair', 'approved', REASON[0]!, ''],
    [facts.otherClass, 2, 'member', 'pending', REASON[4]!, ''],
    [null, 10, 'chair', 'approved', REASON[0]!, ''],
    [null, 40, 'viceChair', 'approved', REASON[1]!, ''],
    [null, 80, 'member', 'approved', REASON[3]!, ''],
    [null, 120, 'member', 'pending', REASON[4]!, ''],
  ];
  for (const [classId, nth, post, status, reason, comment] of plans) {
    const reviewer = status === 'pending' ? null : classId === null ? facts.admin : facts.teacher;
    await tx.execute(sql`
      INSERT INTO family_committee_members (school_year_id, class_id, parent_user_id, student_id, post, reason, status, review_comment, reviewed_by_user_id, reviewed_at, created_at)
      SELECT ${facts.yearId}, ${classId}::int, g.parent_user_id, s.id, ${post}, ${reason}, ${status}, ${comment}, ${reviewer}::int,
        CASE WHEN ${status} = 'pending' THEN NULL ELSE now() - interval '20 days' END, now() - interval '30 days' + make_interval(hours => ${nth}::int)
      FROM students s JOIN guardians g ON g.student_id = s.id
      WHERE (${classId}::int IS NULL OR s.class_id = ${classId}::int) AND s.student_number <> '201911001'
      ORDER BY s.student_number OFFSET ${nth}::int LIMIT 1`);
  }
  await tx.execute(sql`
    INSERT INTO family_committee_members (school_year_id, class_id, parent_user_id, student_id, post, reason)
    SELECT ${facts.yearId}, s.class_id, g.parent_user_id, s.id, 'member', '希望多参与孩子的班级活动' FROM students s JOIN guardians g ON g.student_id = s.id
    WHERE s.student_number = '201911001'`);
}

/**
 * 分层教学: 初二's maths this term in three levels (A from 90, B from 75, C the rest), the students placed by
 * the mid-term's maths scores; English in two levels whose students are not placed yet.
 */
async function seedStratifiedClasses(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM stratified_classes) AS any`);
  if (done?.any) return;
  const [facts] = await queryRows<{ termId: number | null; gradeId: number | null; maths: number | null; english: number | null; batchId: number | null }>(tx, sql`
    SELECT (SELECT id FROM terms WHERE is_current) AS "termId", (SELECT id FROM grades WHERE sort = 8) AS "gradeId",
      (SELECT id FROM courses WHERE code = 'maths') AS maths, (SELECT id FROM courses WHERE code = 'english') AS english,
      (SELECT b.id FROM score_batches b WHERE b.term_id = (SELECT id FROM terms WHERE is_current) AND b.grade_id = (SELECT id FROM grades WHERE sort = 8)
         AND EXISTS (SELECT 1 FROM scores s WHERE s.batch_id = b.id AND s.course_id = (SELECT id FROM courses WHERE code = 'maths') AND s.score IS NOT NULL)
       ORDER BY b.entry_start DESC LIMIT 1) AS "batchId"`);
  if (!facts?.termId || !facts.gradeId || !facts.maths || !facts.english) return;
  const teacher = (account: string) => sql`(SELECT st.id FROM staff st JOIN users u ON u.id = st.user_id WHERE u.account = ${account})`;
  const other = (n: number) => sql`(SELECT id FROM staff ORDER BY staff_number OFFSET ${n}::int LIMIT 1)`;
  const levels: [number, string, string, SQL, number, number | null][] = [
    [facts.maths, 'A', '数学A层', teacher('T0001'), 60, 90],
    [facts.maths, 'B', '数学B层', other(3), 80, 75],
    [facts.maths, 'C', '数学C层', other(4), 80, 0],
    [facts.english, 'A', '英语提高班', teacher('T0002'), 45, null],
    [facts.english, 'B', '英语基础班', other(5), 45, null],
  ];
  for (const [courseId, level, name, staffId, capacity, minScore] of levels) {
    await tx.execute(sql`
      INSERT INTO stratified_classes (term_id, grade_id, course_id, level, name, teacher_id, capacity, min_score)
      VALUES (${facts.termId}, ${facts.gradeId}, ${courseId}, ${level}, ${name}, ${staffId}, ${capacity}, ${minScore})`);
  }
  if (!facts.batchId) return;
  // Best score first into the highest level it reaches that still has room (as 按成绩分层 does).
  await tx.execute(sql`
    WITH ranked AS (
      SELECT s.id AS student_id, sco.score, row_number() OVER (ORDER BY sco.score DESC, s.student_number) AS n
      FROM scores sco JOIN students s ON s.id = sco.student_id JOIN classes c ON c.id = s.class_id
      WHERE sco.batch_id = ${facts.batchId} AND sco.course_id = ${facts.maths} AND sco.score IS NOT NULL AND c.grade_id = ${facts.gradeId}
    ), levels AS (
      SELECT id, min_score, capacity, sum(capacity) OVER (ORDER BY min_score DESC) AS upto FROM stratified_classes
      WHERE term_id = ${facts.termId} AND grade_id = ${facts.gradeId} AND course_id = ${facts.maths}
    ), choice AS (
      SELECT r.student_id, r.score, (SELECT l.id FROM levels l WHERE r.score >= l.min_score ORDER BY l.min_score DESC LIMIT 1) AS class_id FROM ranked r
    ), numbered AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.class_id ORDER BY c.score DESC) AS k FROM choice c WHERE c.class_id IS NOT NULL
    )
    INSERT INTO stratified_class_students (stratified_class_id, student_id, term_id, course_id, placed_by, score)
    SELECT n.class_id, n.student_id, ${facts.termId}, ${facts.maths}, 'score', n.score FROM numbered n JOIN levels l ON l.id = n.class_id WHERE n.k <= l.capacity`);
}

async function seedOpenClasses(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM evaluation_sets) AS any`);
  if (done?.any) return;
  for (const [index, set] of SETS.entries()) {
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO evaluation_sets (name, description, anonymous, enabled, sort) VALUES (${set.name}, ${set.description}, ${set.anonymous}, ${set.enabled}, ${index + 1}) RETURNING id`);
    await tx.execute(sql`
      INSERT INTO evaluation_set_items (set_id, name, description, max_score, weight, sort)
      SELECT ${created!.id}, x.name, x.description, x.max_score, x.weight, x.sort
      FROM jsonb_to_recordset(${JSON.stringify(set.items.map(([name, description, max, weight], i) => ({ name, description, max_score: max, weight, sort: i + 1 })))}::jsonb)
        AS x(name text, description text, max_score int, weight int, sort int)`);
  }

  const [term] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE is_current`);
  if (!term) return;
  // Teachers with lessons this term: the two demo teachers first, then their colleagues.
  const teachers = await queryRows<{ staffId: number; account: string }>(tx, sql`
    SELECT st.id AS "staffId", u.account FROM staff st JOIN users u ON u.id = st.user_id
    WHERE EXISTS (SELECT 1 FROM timetable_entries te WHERE te.term_id = ${term.id} AND te.teacher_id = st.id)
    ORDER BY (u.account = 'T0001') DESC, (u.account = 'T0002') DESC, st.staff_number LIMIT 8`);
  const t1 = teachers.find((t) => t.account === 'T0001');
  const t2 = teachers.find((t) => t.account === 'T0002');
  const others = teachers.filter((t) => t !== t1 && t !== t2);
  if (!t1 || !t2 || others.length < 4) return;

  /**
   * An open class on one of the teacher's lessons: the latest day on or before `daysFromToday` that has that
   * lesson (inside the term), its evaluation deadline `deadlineDays` after it.
   */
  const schedule = async (teacherId: number, daysFromToday: number, deadlineDays: number, setName: string, topic: string): Promise<number | null> => {
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO open_classes (term_id, teacher_id, course_id, class_id, day, period_from, period_to, classroom_id, place, topic, set_id, deadline)
      SELECT te.term_id, te.teacher_id, te.course_id, te.class_id, x.day, te.period, te.period, te.classroom_id, coalesce(cr.name, c.name || '教室'), ${topic},
        (SELECT id FROM evaluation_sets WHERE name = ${setName}), (x.day + ${deadlineDays}::int + time '17:00')::timestamp
      FROM timetable_entries te JOIN classes c ON c.id = te.class_id LEFT JOIN classrooms cr ON cr.id = te.classroom_id JOIN terms t ON t.id = te.term_id
      CROSS JOIN LATERAL (SELECT (current_date + ${daysFromToday}::int - ((extract(isodow FROM current_date + ${daysFromToday}::int)::int - te.day + 7) % 7))::date AS day) x
      WHERE te.term_id = ${term.id} AND te.teacher_id = ${teacherId} AND te.week_parity = 'all' AND x.day BETWEEN t.start_date AND t.end_date
      ORDER BY te.period, te.day, te.id LIMIT 1
      RETURNING id`);
    return row?.id ?? null;
  };
  const attend = async (openClassId: number | null, staffIds: number[], evaluate: boolean) => {
    if (!openClassId) return;
    for (const [n, staffId] of staffIds.entries()) {
      await tx.execute(sql`
        INSERT INTO open_class_attendees (open_class_id, staff_id, signed_up_at)
        SELECT ${openClassId}, ${staffId}, (o.day - 3)::timestamp FROM open_classes o WHERE o.id = ${openClassId} ON CONFLICT DO NOTHING`);
      if (!evaluate) continue;
      const [evaluation] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO open_class_evaluations (open_class_id, evaluator_id, comment, submitted_at)
        SELECT ${openClassId}, ${staffId}, ${COMMENTS[(openClassId + n) % COMMENTS.length]!}, (o.day + time '16:30')::timestamp + make_interval(mins => ${n * 47}::int)
        FROM open_classes o WHERE o.id = ${openClassId} RETURNING id`);
      // Believable scores: 75% to 100% of each item, in half points, different for each evaluator and item.
      await tx.execute(sql`
        INSERT INTO open_class_scores (evaluation_id, item_id, score, comment)
        SELECT ${evaluation!.id}, i.id, round((i.max_score * (0.75 + 0.25 * ((i.id * 7 + ${n}::int * 13 + ${openClassId}::int) % 11) / 10.0)) * 2) / 2,
          CASE WHEN i.sort = 2 AND ${n}::int % 2 = 0 THEN '内容安排合理' ELSE '' END
        FROM open_classes o JOIN evaluation_set_items i ON i.set_id = o.set_id WHERE o.id = ${openClassId}`);
    }
  };

  const closed = await schedule(t2.staffId, -21, 7, '课堂教学评价表', '《背影》中的父爱表达');
  await attend(closed, [t1.staffId, others[0]!.staffId, others[1]!.staffId, others[2]!.staffId], true);
  const evaluating = await schedule(t1.staffId, -1, 10, '课堂教学评价表', '一次函数的图像与性质');
  await attend(evaluating, [others[0]!.staffId, others[3]!.staffId], true);
  await attend(evaluating, [t2.staffId], false);
  const young = await schedule(others[1]!.staffId, -14, 5, '青年教师汇报课评价表', '汇报课：分子的热运动');
  await attend(young, [t1.staffId, t2.staffId], true);
  const next = await schedule(t2.staffId, 10, 7, '课堂教学评价表', '新闻写作：消息的结构');
  await attend(next, [t1.staffId, others[2]!.staffId], false);
  await schedule(others[3]!.staffId, 12, 7, '课堂教学评价表', 'Unit 5 阅读课');
}
