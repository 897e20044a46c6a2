import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';

/**
 * 实验室预约 demo data (issue 17): four laboratories in 实验楼 and the 机器人实验室 of the school seed (the
 * biology lab and the robotics lab are shared: their bookings wait for the lab administrator), a
 * multi-purpose class room lent out on approval, each open Monday to Friday (the chemistry lab not on
 * Friday afternoons); bookings around today in every status, the demo teachers' among them.
 */

const ROOMS: { code: string; name: string; kind: 'lab' | 'classroom'; subject: string; capacity: number; shared: boolean; approval: boolean }[] = [
  { code: 'LAB1', name: '物理实验室', kind: 'lab', subject: '物理', capacity: 50, shared: false, approval: false },
  { code: 'LAB2', name: '化学实验室', kind: 'lab', subject: '化学', capacity: 50, shared: false, approval: false },
  { code: 'LAB3', name: '生物实验室', kind: 'lab', subject: '生物', capacity: 48, shared: true, approval: true },
  { code: 'S1', name: '机器人实验室', kind: 'lab', subject: '通用技术', capacity: 60, shared: true, approval: true },
  { code: 'LAB4', name: '多功能教室', kind: 'classroom', subject: '', capacity: 80, shared: false, approval: true },
];

export async function seedLabs(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM lab_rooms) AS any`);
  if (done?.any) return;
  const [campus] = await queryRows<{ id: number }>(tx, sql`SELECT campus_id AS id FROM classrooms WHERE code = 'S1'`);
  if (!campus) return;
  for (const room of ROOMS) {
    await tx.execute(sql`
      INSERT INTO classrooms (code, name, building, campus_id, capacity) VALUES (${room.code}, ${room.name}, '实验楼', ${campus.id}, ${room.capacity})
      ON CONFLICT (code) DO NOTHING`);
  }
  // The lab administrator: a teacher other than the demo ones (so T0001 and T0002 book and do not approve).
  const manager = sql`(SELECT id FROM staff WHERE staff_number NOT IN ('T0001', 'T0002') ORDER BY staff_number LIMIT 1)`;
  for (const room of ROOMS) {
    await tx.execute(sql`
      INSERT INTO lab_rooms (classroom_id, kind, subject, capacity, shared, needs_approval, manager_staff_id, note)
      SELECT id, ${room.kind}, ${room.subject}, ${room.capacity}, ${room.shared}, ${room.approval}, ${room.approval ? manager : null},
        ${room.kind === 'classroom' ? '可容纳两个班，配投影与音响' : `${room.subject}分组实验，${room.capacity}座`}
      FROM classrooms WHERE code = ${room.code}`);
  }
  await tx.execute(sql`
    INSERT INTO lab_room_periods (room_id, day, period)
    SELECT r.id, wd.day, pe.sort FROM lab_rooms r JOIN classrooms cr ON cr.id = r.classroom_id CROSS JOIN week_days wd CROSS JOIN periods pe
    WHERE wd.day BETWEEN 1 AND 5 AND NOT (cr.code = 'LAB2' AND wd.day = 5 AND pe.sort > 4)`);

  const [who] = await queryRows<{ t1: number; t2: number; klass: number; other: number; physics: number | null; admin: number }>(tx, sql`
    SELECT (SELECT id FROM staff WHERE staff_number = 'T0001') AS t1, (SELECT id FROM staff WHERE staff_number = 'T0002') AS t2,
      (SELECT class_id FROM students WHERE student_number = '201911001') AS klass,
      (SELECT id FROM classes WHERE id <> (SELECT class_id FROM students WHERE student_number = '201911001') ORDER BY code LIMIT 1) AS other,
      (SELECT id FROM courses WHERE name IN ('物理', '科学') ORDER BY name LIMIT 1) AS physics, (SELECT id FROM users WHERE account = 'admin') AS admin`);
  if (!who?.t1 || !who.t2) return;
  const room = (code: string) => sql`(SELECT r.id FROM lab_rooms r JOIN classrooms cr ON cr.id = r.classroom_id WHERE cr.code = ${code})`;
  const user = (staffId: number) => sql`(SELECT user_id FROM staff WHERE id = ${staffId})`;
  // Next week's Monday, and the Monday before: bookings fall on weekdays whatever today is.
  const next = sql`(date_trunc('week', CURRENT_DATE)::date + 7)`;
  const last = sql`(date_trunc('week', CURRENT_DATE)::date - 7)`;
  // [room, kind, teacher, class, experiment, day, periods, equipment, note, status, comment]
  type B = [string, string, number, number | null, string, ReturnType<typeof sql>, number[], string, string, string, string];
  const bookings: B[] = [
    ['LAB1', 'student', who.t1, who.klass, '测量小灯泡的电功率', sql`${next} + 1`, [3, 4], '学生电源、小灯泡、电流表、电压表各 25 套', '', 'approved', ''],
    ['LAB2', 'demo', who.t2, who.klass, '氧气的制取与性质', sql`${next} + 2`, [2], '高锰酸钾、试管、集气瓶', '', 'approved', ''],
    ['LAB3', 'student', who.t1, who.other, '观察植物细胞', sql`${next} + 2`, [5, 6], '显微镜 24 台、洋葱、载玻片', '', 'pending', ''],
    ['S1', 'other', who.t2, null, '', sql`${next} + 3`, [7, 8], '', '机器人社团赛前集训', 'rejected', '该时段已安排校队训练，请改约周五'],
    ['LAB4', 'loan', who.t2, who.klass, '', sql`${next} + 4`, [7], '', '初二(1)班家长会，借用投影与音响', 'pending', ''],
    ['LAB1', 'demo', who.t1, who.other, '平面镜成像', sql`${next} + 4`, [1], '玻璃板、蜡烛', '', 'cancelled', ''],
    ['LAB1', 'student', who.t1, who.klass, '探究浮力的大小', sql`${last} + 1`, [3, 4], '弹簧测力计、溢水杯', '', 'approved', ''],
    ['LAB3', 'student', who.t2, who.klass, '制作临时装片', sql`${last} + 3`, [5], '显微镜', '', 'approved', '同意，注意显微镜的使用规范'],
  ];
  for (const [code, kind, teacher, klass, experiment, day, periods, equipment, note, status, comment] of bookings) {
    const reviewed = status === 'approved' && comment ? true : status === 'rejected';
    const [row] = await queryRows<{ id: number; date: string }>(tx, sql`
      INSERT INTO lab_bookings (room_id, kind, teacher_id, class_id, course_id, experiment, booking_date, periods, equipment, note, status, review_comment,
        reviewed_by_user_id, reviewed_at, created_by_user_id, created_at, updated_at)
      VALUES (${room(code)}, ${kind}, ${teacher}, ${klass}, ${kind === 'student' || kind === 'demo' ? who.physics : null}, ${experiment}, ${day},
        ${sql.param(periods)}::smallint[], ${equipment}, ${note}, ${status}, ${comment}, ${reviewed ? who.admin : null}, ${reviewed ? sql`now()` : null},
        ${user(teacher)}, (${day}) - 5, (${day}) - 5)
      RETURNING id, booking_date::text AS date`);
    if (status === 'pending' || status === 'approved') {
      await tx.execute(sql`
        INSERT INTO lab_booking_slots (booking_id, room_id, booking_date, period)
        SELECT ${row!.id}, ${room(code)}, ${row!.date}::date, x FROM unnest(${sql.param(periods)}::int[]) AS x`);
    }
  }
}
