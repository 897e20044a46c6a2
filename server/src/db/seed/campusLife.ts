import { sql, type SQL } from 'drizzle-orm';
import { nextCronRun } from '../../modules/system/jobs/scheduler.ts';
import { queryRows, type Tx } from '../client.ts';
import { scheduledJobs } from '../schema/index.ts';

/**
 * 校园生活 demo data (issue 17), dated around the day the school is seeded so every status shows.
 *
 * Lectures (T0001's, one of the administrator's): 走进航天 open with one seat left of 30 (the demo student
 * can take it), a mental-health lecture the demo student signed up for, one whose sign-up opens in three
 * days, one closed and starting tomorrow (a weekly series), one finished last week with attendance, one
 * cancelled and a draft. Activities (T0002's): open ones with family sign-up, a full one, a finished one with
 * attendance, a cancelled one and a draft.
 */
export async function seedCampusLife(tx: Tx): Promise<void> {
  await seedEvents(tx);
  await seedDormitories(tx);
  await seedAssociations(tx);
  // The participants' reminder, a day before each start (activities/routes.ts registers the handler).
  await tx
    .insert(scheduledJobs)
    .values({ code: 'remind_campus_events', name: '讲座活动开始提醒', nameEn: 'Remind lecture and activity participants', handler: 'remindCampusEvents', cron: '0 * * * *', enabled: true, nextRunAt: nextCronRun('0 * * * *') })
    .onConflictDoNothing({ target: scheduledJobs.code });
}

interface EventSeed {
  kind: 'lecture' | 'activity';
  owner: string;
  title: string;
  host: string;
  place: string;
  /** Hours from now. */
  start: number;
  hours: number;
  signupFrom: number;
  signupTo: number;
  capacity: number;
  status: 'draft' | 'published' | 'cancelled';
  /** Grade sort numbers of the audience ([] everyone). */
  grades?: number[];
  family?: boolean;
  weeks?: [number, number];
  description: string;
  /** Other students signed up (of the audience, never the demo student or their classmate 201911002). */
  signed: number;
  /** The demo student signed up too. */
  demo?: boolean;
  /** Share of sign-ups registered as attended (finished events). */
  attended?: number;
}

const day = 24;

const EVENTS: EventSeed[] = [
  { kind: 'lecture', owner: 'T0001', title: '走进航天：从嫦娥到天问', host: '中国空间技术研究院 陈立', place: '学术报告厅', start: 6 * day, hours: 2, signupFrom: -2 * day, signupTo: 5 * day, capacity: 30, status: 'published', grades: [8], signed: 29, description: '<p>探月与火星探测背后的工程故事，现场展示航天器模型。</p>' },
  { kind: 'lecture', owner: 'T0001', title: '青春期心理健康', host: '心理教师 周敏', place: '致远楼多功能厅', start: 3 * day, hours: 1.5, signupFrom: -3 * day, signupTo: 2 * day, capacity: 200, status: 'published', signed: 45, demo: true, description: '<p>认识情绪、学会求助，与同学和家长好好沟通。</p>' },
  { kind: 'lecture', owner: 'T0001', title: '中国古典诗词之美', host: '语文教研组 刘芳', place: '图书馆报告厅', start: 10 * day, hours: 1.5, signupFrom: 3 * day, signupTo: 9 * day, capacity: 120, status: 'published', signed: 0, description: '<p>从《诗经》到宋词，品读经典名篇。</p>' },
  { kind: 'lecture', owner: 'admin', title: '法治教育系列讲座', host: '区法院 王法官', place: '学术报告厅', start: 1 * day, hours: 1, signupFrom: -6 * day, signupTo: 0.5 * day - 24, capacity: 150, status: 'published', weeks: [12, 16], signed: 88, description: '<p>每周一讲：校园欺凌、网络安全、未成年人保护。</p>' },
  { kind: 'lecture', owner: 'T0001', title: '数学建模入门', host: '数学教研组 王建国', place: '致远楼301', start: -7 * day, hours: 2, signupFrom: -14 * day, signupTo: -8 * day, capacity: 40, status: 'published', grades: [8, 9], signed: 36, demo: true, attended: 0.9, description: '<p>用数学解决身边的问题：从数据到模型。</p>' },
  { kind: 'lecture', owner: 'T0001', title: '垃圾分类与环保', host: '区环保局 赵宁', place: '学术报告厅', start: 4 * day, hours: 1, signupFrom: -5 * day, signupTo: 3 * day, capacity: 100, status: 'cancelled', signed: 23, description: '<p>因主讲人行程调整取消，另行安排。</p>' },
  { kind: 'lecture', owner: 'T0001', title: '编程思维讲座', host: '信息技术组 王建国', place: '计算机教室', start: 14 * day, hours: 1.5, signupFrom: 5 * day, signupTo: 13 * day, capacity: 60, status: 'draft', signed: 0, description: '<p>草稿：从生活中的算法说起。</p>' },
  { kind: 'activity', owner: 'T0002', title: '亲子植树活动', host: '德育处', place: '学校东侧绿地', start: 8 * day, hours: 3, signupFrom: -1 * day, signupTo: 7 * day, capacity: 50, status: 'published', family: true, signed: 14, description: '<p>家长与孩子一起种下班级树，请穿运动鞋。</p>' },
  { kind: 'activity', owner: 'T0002', title: '校园开放日志愿者', host: '团委', place: '学校正门', start: 5 * day, hours: 4, signupFrom: -2 * day, signupTo: 4 * day, capacity: 20, status: 'published', grades: [7, 8, 9], signed: 6, description: '<p>为来访家长引导、讲解，计志愿服务时长。</p>' },
  { kind: 'activity', owner: 'T0002', title: '秋季运动会入场式方阵', host: '体育组', place: '田径场', start: 9 * day, hours: 2, signupFrom: -3 * day, signupTo: 8 * day, capacity: 10, status: 'published', grades: [8], signed: 10, description: '<p>入场式方阵排练，每周二、四放学后。</p>' },
  { kind: 'activity', owner: 'T0002', title: '博物馆社会实践', host: '德育处', place: '市博物馆', start: -10 * day, hours: 4, signupFrom: -20 * day, signupTo: -11 * day, capacity: 45, status: 'published', family: true, signed: 40, demo: true, attended: 0.95, description: '<p>参观古代文明展厅，完成研学任务单。</p>' },
  { kind: 'activity', owner: 'T0002', title: '冬季长跑', host: '体育组', place: '田径场', start: 12 * day, hours: 1, signupFrom: -4 * day, signupTo: 11 * day, capacity: 300, status: 'cancelled', signed: 31, description: '<p>因天气原因取消。</p>' },
  { kind: 'activity', owner: 'T0002', title: '读书分享会', host: '图书馆', place: '图书馆阅览室', start: 15 * day, hours: 2, signupFrom: 6 * day, signupTo: 14 * day, capacity: 40, status: 'draft', signed: 0, description: '<p>草稿：分享本学期最喜欢的一本书。</p>' },
];

const hoursFromNow = (hours: number): SQL => sql`date_trunc('hour', now()) + make_interval(mins => ${Math.round(hours * 60)})`;

async function seedEvents(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM campus_events) AS any`);
  if (done?.any) return;
  const [term] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE is_current`);
  if (!term) return;
  for (const event of EVENTS) {
    const grades = sql`ARRAY(SELECT id FROM grades WHERE sort = ANY(${sql.param(event.grades ?? [])}::int[]))::int[]`;
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO campus_events (kind, term_id, title, host, place, starts_at, ends_at, signup_start, signup_end, capacity, grade_ids, description,
        family_signup, week_from, week_to, status, owner_user_id, reminded_at)
      SELECT ${event.kind}, ${term.id}, ${event.title}, ${event.host}, ${event.place}, ${hoursFromNow(event.start)}, ${hoursFromNow(event.start + event.hours)},
        ${hoursFromNow(event.signupFrom)}, ${hoursFromNow(event.signupTo)}, ${event.capacity}, ${grades}, ${event.description}, ${event.family ?? false},
        ${event.weeks?.[0] ?? null}, ${event.weeks?.[1] ?? null}, ${event.status}, u.id, ${event.start < 0 ? sql`${hoursFromNow(event.start - day)}` : sql`NULL`}
      FROM users u WHERE u.account = ${event.owner}
      RETURNING id`);
    if (!row) continue;
    // Students of the audience in a stable order, never the two the browser flows sign in as.
    await tx.execute(sql`
      INSERT INTO campus_event_signups (event_id, student_id, status, signed_by_user_id, signed_at, notified, attended, attendance_at)
      SELECT ${row.id}, s.id, 'signed', s.user_id, ${hoursFromNow(event.signupFrom)} + make_interval(mins => (row_number() OVER (ORDER BY s.student_number))::int),
        ${event.status === 'cancelled'}, ${event.attended !== undefined ? sql`(row_number() OVER (ORDER BY s.student_number)) <= ${Math.round(event.signed * event.attended)}` : sql`NULL`},
        ${event.attended !== undefined ? hoursFromNow(event.start + 0.2) : sql`NULL`}
      FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id
      WHERE s.student_number NOT IN ('201911001', '201911002') AND s.in_school_status = '1'
        AND (${(event.grades ?? []).length === 0} OR g.sort = ANY(${sql.param(event.grades ?? [])}::int[]))
      ORDER BY s.student_number LIMIT ${event.signed}`);
    if (event.demo) {
      await tx.execute(sql`
        INSERT INTO campus_event_signups (event_id, student_id, status, signed_by_user_id, signed_at, attended, attendance_at)
        SELECT ${row.id}, s.id, 'signed', s.user_id, ${hoursFromNow(event.signupFrom + 1)}, ${event.attended !== undefined ? sql`TRUE` : sql`NULL`},
          ${event.attended !== undefined ? hoursFromNow(event.start + 0.2) : sql`NULL`}
        FROM students s WHERE s.student_number = '201911001'`);
    }
    await tx.execute(sql`UPDATE campus_events SET signed_up = (SELECT count(*) FROM campus_event_signups WHERE event_id = ${row.id} AND status = 'signed') WHERE id = ${row.id}`);
  }
}

/**
 * Dormitories: 启航公寓 (east campus, junior boarders) beside the system's 明德公寓 (west, seniors); floors 1–2
 * boys, 3–4 girls, rooms of six beds (two under repair with four in use). About 40 % of the junior students and
 * 60 % of the seniors board, the demo student (初二(1)班) among them; a few moved rooms a month ago (their
 * first stays checked out, the history kept); four weeks of hygiene scores for every room.
 */
async function seedDormitories(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM dorm_rooms) AS any`);
  if (done?.any) return;
  await tx.execute(sql`
    INSERT INTO buildings (code, name, campus_id, floors, usage, sort, remark)
    SELECT 'E-SS', '启航公寓', campus_id, 4, 'dormitory', 7, '初中部学生宿舍' FROM buildings WHERE code = 'E-QM'
    ON CONFLICT (code) DO NOTHING`);
  const plan = [
    { code: 'E-SS', roomsPerFloor: 6, grades: [7, 9], share: 4 },
    { code: 'W-SS', roomsPerFloor: 8, grades: [10, 12], share: 6 },
  ];
  for (const building of plan) {
    const [row] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM buildings WHERE code = ${building.code}`);
    if (!row) continue;
    await tx.execute(sql`
      INSERT INTO dorm_rooms (building_id, floor, number, gender, total_beds, effective_beds, remark)
      SELECT ${row.id}, f, f::text || lpad(n::text, 2, '0'), CASE WHEN f <= 2 THEN '1' ELSE '2' END, 6,
        CASE WHEN n = ${building.roomsPerFloor} AND f IN (2, 4) THEN 4 ELSE 6 END,
        CASE WHEN n = ${building.roomsPerFloor} AND f IN (2, 4) THEN '两个床位维修中' ELSE '' END
      FROM generate_series(1, 4) f, generate_series(1, ${building.roomsPerFloor}) n`);
    await tx.execute(sql`
      INSERT INTO dorm_beds (room_id, label, sort) SELECT r.id, b::text, b FROM dorm_rooms r, generate_series(1, 6) b WHERE r.building_id = ${row.id}`);
    // The boarders of each gender, the demo student first, fill the usable beds room by room.
    await tx.execute(sql`
      WITH boarders AS (
        SELECT s.id, s.gender, row_number() OVER (PARTITION BY s.gender ORDER BY s.student_number <> '201911001', s.student_number) AS place
        FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id
        WHERE g.sort BETWEEN ${building.grades[0]} AND ${building.grades[1]} AND s.in_school_status = '1'
          AND (s.student_number = '201911001' OR abs(hashtext(s.student_number)) % 10 < ${building.share})),
      beds AS (
        SELECT bd.id, r.gender, row_number() OVER (PARTITION BY r.gender ORDER BY r.floor, r.number, bd.sort) AS place
        FROM dorm_beds bd JOIN dorm_rooms r ON r.id = bd.room_id WHERE r.building_id = ${row.id} AND bd.sort <= r.effective_beds)
      INSERT INTO dorm_stays (bed_id, student_id, checked_in_at, reason, by_user_id)
      SELECT beds.id, boarders.id, date_trunc('day', now()) - interval '80 days' + interval '9 hours', 'checkIn', (SELECT id FROM users WHERE account = 'admin')
      FROM boarders JOIN beds ON beds.gender = boarders.gender AND beds.place = boarders.place`);
  }
  // A few swapped rooms a month ago: the old stays end, new ones begin in each other's beds.
  const pairs = await queryRows<{ aStay: number; aStudent: number; aBed: number; bStay: number; bStudent: number; bBed: number }>(tx, sql`
    SELECT a.id AS "aStay", a.student_id AS "aStudent", a.bed_id AS "aBed", b.id AS "bStay", b.student_id AS "bStudent", b.bed_id AS "bBed"
    FROM (SELECT st.*, r.gender, r.building_id, row_number() OVER (PARTITION BY r.building_id, r.gender ORDER BY st.id) AS n
          FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id JOIN dorm_rooms r ON r.id = bd.room_id) a
    JOIN (SELECT st.*, r.gender, r.building_id, row_number() OVER (PARTITION BY r.building_id, r.gender ORDER BY st.id DESC) AS n
          FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id JOIN dorm_rooms r ON r.id = bd.room_id) b
      ON b.building_id = a.building_id AND b.gender = a.gender AND b.n = a.n AND b.id <> a.id
    JOIN students s ON s.id = a.student_id JOIN students sb ON sb.id = b.student_id
    WHERE a.n BETWEEN 3 AND 4 AND '201911001' NOT IN (s.student_number, sb.student_number)`);
  const moved = sql`date_trunc('day', now()) - interval '30 days' + interval '16 hours'`;
  await tx.execute(sql`UPDATE dorm_stays SET checked_out_at = ${moved} WHERE id = ANY(${sql.param(pairs.flatMap((p) => [p.aStay, p.bStay]))}::int[])`);
  const moves = pairs.flatMap((p) => [[p.bBed, p.aStudent], [p.aBed, p.bStudent]]);
  await tx.execute(sql`
    INSERT INTO dorm_stays (bed_id, student_id, checked_in_at, reason, by_user_id)
    SELECT (m->>0)::int, (m->>1)::int, ${moved}, 'swap', (SELECT id FROM users WHERE account = 'admin') FROM jsonb_array_elements(${JSON.stringify(moves)}::jsonb) m`);
  await tx.execute(sql`
    INSERT INTO dorm_inspections (room_id, inspected_on, score, remark, inspector_user_id)
    SELECT r.id, current_date - 7 * w, 70 + (abs(hashtext(r.id::text || ':' || w::text)) % 61) / 2.0,
      CASE WHEN abs(hashtext(r.id::text || ':' || w::text)) % 61 < 10 THEN '地面有杂物，被褥未叠' ELSE '' END,
      (SELECT id FROM users WHERE account = 'admin')
    FROM dorm_rooms r, generate_series(0, 3) w`);
}

const ASSOCIATIONS = [
  { name: '机器人社', advisor: 'T0001', members: 18, description: '搭建与编程，备战市青少年机器人竞赛。每周三下午活动。' },
  { name: '文学社', advisor: 'T0001', members: 24, description: '读书会、写作工作坊，编辑校刊《新芽》。' },
  { name: '篮球社', advisor: 'T0002', members: 30, description: '基本功训练与校内联赛，欢迎零基础同学。' },
  { name: '天文社', advisor: 'T0002', members: 12, description: '观星、天文摄影，参观天文馆。' },
];

/**
 * Associations: four clubs of T0001 and T0002 with members of 初二 and 初三; the demo student is a leader of
 * 机器人社 and waits for 文学社's answer; others wait too, one was rejected. Each has two past activities with
 * attendance and one to come.
 */
async function seedAssociations(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM associations) AS any`);
  if (done?.any) return;
  for (const [index, association] of ASSOCIATIONS.entries()) {
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO associations (name, advisor_staff_id, description)
      SELECT ${association.name}, st.id, ${association.description} FROM staff st JOIN users u ON u.id = st.user_id WHERE u.account = ${association.advisor}
      RETURNING id`);
    if (!row) continue;
    // Members: students of 初二 and 初三 picked by a stable hash, never the demo student's classmate the flows use.
    await tx.execute(sql`
      INSERT INTO association_members (association_id, student_id, status, is_leader, reason, applied_at, decided_at, decided_by_user_id)
      SELECT ${row.id}, x.id, CASE WHEN x.n <= ${association.members} THEN 'member' WHEN x.n <= ${association.members} + 3 THEN 'pending' ELSE 'rejected' END,
        x.n = 1, '我对这个社团很感兴趣，希望加入。', now() - make_interval(days => (60 - x.n)::int),
        CASE WHEN x.n <= ${association.members} OR x.n > ${association.members} + 3 THEN now() - make_interval(days => (58 - x.n)::int) END,
        (SELECT id FROM users WHERE account = ${association.advisor})
      FROM (SELECT s.id, row_number() OVER (ORDER BY md5(s.student_number || ${String(index)})) AS n
            FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id
            WHERE g.sort IN (8, 9) AND s.student_number NOT IN ('201911001', '201911002') AND s.in_school_status = '1') x
      WHERE x.n <= ${association.members} + 4`);
    for (const [k, days] of [[0, -21], [1, -7], [2, 5]] as const) {
      const [activity] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO association_activities (association_id, title, place, starts_at, ends_at, description)
        VALUES (${row.id}, ${`${association.name}${['例会', '专题活动', '展示交流'][k]}`}, ${['致远楼301', '综合楼活动室', '学术报告厅'][k]},
          date_trunc('day', now()) + make_interval(days => ${days}) + interval '15 hours 30 minutes',
          date_trunc('day', now()) + make_interval(days => ${days}) + interval '17 hours', ${['学期计划与分组', '动手实践', '成果展示'][k]})
        RETURNING id`);
      if (days < 0) {
        await tx.execute(sql`
          INSERT INTO association_attendance (activity_id, student_id, present)
          SELECT ${activity!.id}, m.student_id, abs(hashtext(m.student_id::text || ${String(k)})) % 10 > 0 FROM association_members m WHERE m.association_id = ${row.id} AND m.status = 'member'`);
      }
    }
  }
  // The demo student: a leader of 机器人社 (with attendance), waiting for 文学社.
  await tx.execute(sql`
    INSERT INTO association_members (association_id, student_id, status, is_leader, reason, applied_at, decided_at)
    SELECT a.id, s.id, CASE WHEN a.name = '机器人社' THEN 'member' ELSE 'pending' END, a.name = '机器人社', '想和同学一起做项目。', now() - interval '50 days',
      CASE WHEN a.name = '机器人社' THEN now() - interval '49 days' END
    FROM associations a, students s WHERE a.name IN ('机器人社', '文学社') AND s.student_number = '201911001'`);
  await tx.execute(sql`
    INSERT INTO association_attendance (activity_id, student_id, present)
    SELECT x.id, s.id, TRUE FROM association_activities x JOIN associations a ON a.id = x.association_id, students s
    WHERE a.name = '机器人社' AND x.starts_at < now() AND s.student_number = '201911001'`);
}
