import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';

/**
 * 保险理赔 and 违纪管理 demo data (issue 17). Two insurers; last school year's student accident policy
 * (ended) and this year's (in force), which covers every student; claims in every status, the demo
 * student's among them (one paid last year, one whose materials the office has received). Discipline:
 * the types of misconduct and records across the school, the demo class teacher's class (the demo
 * student's) with a sanction, a revoked one and one without a sanction yet.
 */

const TYPES: [string, string][] = [
  ['迟到', 'Lateness'],
  ['旷课', 'Truancy'],
  ['打架', 'Fighting'],
  ['考试作弊', 'Cheating in exams'],
  ['顶撞老师', 'Defying a teacher'],
  ['损坏公物', 'Damaging school property'],
  ['违规使用手机', 'Using a phone against the rules'],
  ['夜不归宿', 'Staying out overnight'],
];

export async function seedSafety(tx: Tx): Promise<void> {
  await seedInsurance(tx);
  await seedDiscipline(tx);
}

async function seedInsurance(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM insurance_companies) AS any`);
  if (done?.any) return;
  const [demo] = await queryRows<{ studentId: number; parentId: number | null; admin: number }>(tx, sql`
    SELECT s.id AS "studentId", (SELECT id FROM users WHERE account = 'jz201911001') AS "parentId", (SELECT id FROM users WHERE account = 'admin') AS admin
    FROM students s WHERE s.student_number = '201911001'`);
  if (!demo) return;
  const companies = await queryRows<{ id: number }>(tx, sql`
    INSERT INTO insurance_companies (name, contact_person, phone) VALUES
      ('中国人寿保险股份有限公司', '刘经理', '95519'), ('中国平安财产保险股份有限公司', '陈经理', '95511')
    RETURNING id`);
  const policies = await queryRows<{ id: number }>(tx, sql`
    INSERT INTO insurance_policies (company_id, policy_no, year, coverage, premium, start_date, end_date) VALUES
      (${companies[0]!.id}, 'PL-2025-0318', 2025, '学生意外伤害身故、伤残及意外医疗（限额 2 万元），住院津贴每日 50 元', 100, '2025-09-01', '2026-08-31'),
      (${companies[1]!.id}, 'PA-2026-0901', 2026, '学生意外伤害身故、伤残及意外医疗（限额 3 万元），含校外活动与上下学途中', 120, '2026-09-01', '2027-08-31')
    RETURNING id`);
  const [last, current] = [policies[0]!.id, policies[1]!.id];
  await tx.execute(sql`INSERT INTO insured_students (policy_id, student_id, created_at) SELECT ${current}, id, '2026-09-01 09:00+08' FROM students`);
  // Last year's policy covered the students of the grades then in school (all but this year's first grade).
  await tx.execute(sql`
    INSERT INTO insured_students (policy_id, student_id, created_at)
    SELECT ${last}, s.id, '2025-09-05' FROM students s WHERE s.entry_year < 2026`);

  // A spread of claims: [policy, student offset, accident, place, what, amount, status, paid amount, paid date, reason]
  const others = await queryRows<{ id: number; parent: number | null }>(tx, sql`
    SELECT s.id, (SELECT g.parent_user_id FROM guardians g WHERE g.student_id = s.id LIMIT 1) AS parent
    FROM students s WHERE s.id <> ${demo.studentId} AND s.entry_year < 2026 ORDER BY s.student_number LIMIT 8`);
  type Claim = [number, number, string, string, string, number, 'submitted' | 'received' | 'paid' | 'rejected', number | null, string | null, string];
  const claims: Claim[] = [
    [last, demo.studentId, '2026-03-18', '学校操场', '体育课跑步时摔倒，右手腕骨裂，门诊治疗并打石膏。', 1860.5, 'paid', 1674.45, '2026-04-20', ''],
    [current, demo.studentId, '2026-11-06', '实验楼楼梯', '课间下楼时踩空扭伤左脚踝，到医院拍片检查并复诊两次。', 920, 'received', null, null, ''],
    [current, others[0]?.id ?? demo.studentId, '2026-10-12', '篮球场', '篮球课上与同学相撞，眉骨擦伤缝合三针。', 1350, 'paid', 1350, '2026-11-10', ''],
    [current, others[1]?.id ?? demo.studentId, '2026-11-20', '学校食堂', '端热汤时烫伤右手背，门诊换药四次。', 680, 'submitted', null, null, ''],
    [current, others[2]?.id ?? demo.studentId, '2026-10-28', '上学途中', '骑自行车上学途中摔倒，膝盖擦伤。', 240, 'rejected', null, null, '医疗费用已由对方机动车保险全额赔付，不属本保单重复赔付范围'],
    [current, others[3]?.id ?? demo.studentId, '2026-11-15', '教室', '课桌边角划伤小腿，缝合处理。', 560, 'submitted', null, null, ''],
    [last, others[4]?.id ?? demo.studentId, '2026-05-09', '运动会跳远沙坑', '跳远落地时扭伤右膝，核磁检查与理疗。', 3200, 'paid', 2880, '2026-06-30', ''],
    [last, others[5]?.id ?? demo.studentId, '2026-06-02', '宿舍', '宿舍上铺下床时跌落，手臂软组织挫伤。', 450, 'received', null, null, ''],
  ];
  for (const [policyId, studentId, accident, place, description, amount, status, paidAmount, paidDate, reason] of claims) {
    const filer = studentId === demo.studentId ? demo.parentId : (others.find((o) => o.id === studentId)?.parent ?? null);
    const filedAt = `${accident} 18:30+08`;
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO insurance_claims (policy_id, student_id, accident_date, place, description, amount_claimed, status, materials_received, paid, paid_amount, paid_date,
        reject_reason, filed_by_user_id, created_at, updated_at)
      VALUES (${policyId}, ${studentId}, ${accident}::date, ${place}, ${description}, ${amount}, ${status}, ${status === 'received' || status === 'paid'}, ${status === 'paid'},
        ${paidAmount}, ${paidDate}::date, ${reason}, ${filer}, ${filedAt}::timestamptz, ${filedAt}::timestamptz)
      RETURNING id`);
    const events: [string, string, string, number | null][] = [['submitted', '', filedAt, filer]];
    if (status === 'received' || status === 'paid') events.push(['received', '材料齐全，已转交保险公司', `${accident} 18:30+08`, demo.admin]);
    if (status === 'paid') events.push(['paid', '', `${paidDate} 10:00+08`, demo.admin]);
    if (status === 'rejected') events.push(['rejected', reason, `${accident} 20:00+08`, demo.admin]);
    for (const [eventStatus, comment, at, by] of events) {
      await tx.execute(sql`
        INSERT INTO insurance_claim_events (claim_id, status, comment, by_user_id, at)
        VALUES (${row!.id}, ${eventStatus}, ${comment}, ${by}, ${at}::timestamptz + interval '1 day' * ${eventStatus === 'submitted' ? 0 : 2})`);
    }
  }
}

async function seedDiscipline(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM discipline_types) AS any`);
  if (done?.any) return;
  await tx.execute(sql`
    INSERT INTO discipline_types (name, name_en, sort, enabled)
    SELECT x.name, x.name_en, x.sort, TRUE FROM jsonb_to_recordset(${JSON.stringify(TYPES.map(([name, nameEn], i) => ({ name, name_en: nameEn, sort: i + 1 })))}::jsonb)
      AS x(name text, name_en text, sort int)`);
  await tx.execute(sql`INSERT INTO discipline_types (name, name_en, sort, enabled) VALUES ('乱扔垃圾', 'Littering', 20, FALSE)`);
  const [ctx] = await queryRows<{ demo: number; classTeacher: number | null; admin: number }>(tx, sql`
    SELECT (SELECT id FROM students WHERE student_number = '201911001') AS demo, (SELECT id FROM users WHERE account = 'T0002') AS "classTeacher",
      (SELECT id FROM users WHERE account = 'admin') AS admin`);
  if (!ctx?.demo) return;
  const classmates = await queryRows<{ id: number }>(tx, sql`
    SELECT id FROM students WHERE class_id = (SELECT class_id FROM students WHERE id = ${ctx.demo}) AND id <> ${ctx.demo} ORDER BY student_number LIMIT 4`);
  const elsewhere = await queryRows<{ id: number }>(tx, sql`
    SELECT id FROM students WHERE class_id <> (SELECT class_id FROM students WHERE id = ${ctx.demo}) ORDER BY student_number LIMIT 6`);
  const type = (name: string) => sql`(SELECT id FROM discipline_types WHERE name = ${name})`;
  // [student, type, date, description, sanction, sanctioned on, revoked on, revoke reason, recorder]
  type Rec = [number, string, string, string, string | null, string | null, string | null, string, number | null];
  const records: Rec[] = [
    [ctx.demo, '迟到', '2026-11-09', '早读迟到 15 分钟，本学期第三次迟到。', null, null, null, '', ctx.classTeacher],
    [ctx.demo, '违规使用手机', '2026-10-15', '自习课上使用手机玩游戏，手机已交家长保管。', 'warning', '2026-10-16', null, '', ctx.classTeacher],
    [classmates[0]?.id ?? ctx.demo, '打架', '2026-09-25', '课间因争抢篮球与同学发生推搡，致对方手臂擦伤。', 'seriousWarning', '2026-09-28', null, '', ctx.classTeacher],
    [classmates[1]?.id ?? ctx.demo, '旷课', '2026-09-18', '下午第二、三节课未请假离校。', 'warning', '2026-09-19', '2026-11-19', '两个月来出勤良好，主动写检讨并在班会上发言，予以撤销。', ctx.classTeacher],
    [classmates[2]?.id ?? ctx.demo, '损坏公物', '2026-11-02', '在教室踢坏后门门板，已照价赔偿。', 'warning', '2026-11-03', null, '', ctx.classTeacher],
    [elsewhere[0]?.id ?? ctx.demo, '考试作弊', '2026-11-12', '期中考试数学科携带写有公式的纸条。', 'demerit', '2026-11-14', null, '', ctx.admin],
    [elsewhere[1]?.id ?? ctx.demo, '夜不归宿', '2026-10-03', '国庆返校当晚未回宿舍，次日早晨返校。', 'seriousDemerit', '2026-10-08', null, '', ctx.admin],
    [elsewhere[2]?.id ?? ctx.demo, '顶撞老师', '2026-10-20', '课堂上与任课教师发生争执并摔门离开。', 'seriousWarning', '2026-10-22', null, '', ctx.admin],
    [elsewhere[3]?.id ?? ctx.demo, '打架', '2026-09-10', '与外班同学在宿舍楼下斗殴。', 'probation', '2026-09-15', null, '', ctx.admin],
    [elsewhere[4]?.id ?? ctx.demo, '迟到', '2026-11-24', '连续三天早操迟到。', null, null, null, '', ctx.admin],
    [elsewhere[5]?.id ?? ctx.demo, '违规使用手机', '2026-09-29', '晚自习使用手机，已批评教育。', 'warning', '2026-09-30', '2026-11-25', '认错态度好，此后遵守手机管理规定。', ctx.admin],
  ];
  for (const [studentId, typeName, on, description, sanction, sanctionedOn, revokedOn, reason, by] of records) {
    await tx.execute(sql`
      INSERT INTO discipline_records (student_id, type_id, occurred_on, description, sanction, sanctioned_on, revoked, revoked_on, revoke_reason, recorded_by_user_id, created_at, updated_at)
      VALUES (${studentId}, ${type(typeName)}, ${on}::date, ${description}, ${sanction}, ${sanctionedOn}::date, ${revokedOn !== null}, ${revokedOn}::date, ${reason}, ${by},
        ${on}::timestamptz + interval '17 hours', ${on}::timestamptz + interval '17 hours')`);
  }
}
