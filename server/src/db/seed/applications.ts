import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { applicationFacts, decideWithin, startApproval, withdrawApplication } from '../../modules/applications/approvals/service.ts';
import { leaveDuration } from '../../modules/applications/leave/service.ts';
import { KEYWORD_PEOPLE } from './school.ts';
// Issuing certificates on approval is registered by the certificates module.
import '../../modules/applications/certificates/service.ts';

/**
 * 申请审批 demo data (issue 14): the demo class's leave in every state — waiting for the class teacher
 * (T0002), waiting for the division director (T0001), approved and on leave today, rejected, withdrawn,
 * cancelled early (销假) — and two families' leave of the next class waiting for its class teacher; staff
 * leave and travel, one of them T0001's own travel that waits for T0001 as their department's head (who
 * cannot approve it) and for the principal.
 */
/** Decides a seeded application's step as one of its approvers other than the applicant (`preferred` when among them). */
export async function decideAsApprover(tx: Tx, id: number, decision: 'approve' | 'reject', comment: string, preferred: number): Promise<void> {
  const [approver] = await queryRows<{ userId: number }>(tx, sql`
    SELECT p.user_id AS "userId" FROM application_approvers p JOIN applications a ON a.id = p.application_id
    WHERE p.application_id = ${id} AND p.user_id <> a.applicant_user_id ORDER BY (p.user_id = ${preferred}) DESC, p.user_id LIMIT 1`);
  if (approver) await decideWithin(tx, approver.userId, false, { ids: [id], decision, comment });
}

export async function seedApplications(tx: Tx): Promise<void> {
  const [existing] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM applications) AS any`);
  if (existing?.any) return;
  const accounts = await queryRows<{ account: string; id: number }>(tx, sql`SELECT account, id FROM users WHERE account IN ('T0001', 'T0002')`);
  const userOf = new Map(accounts.map((a) => [a.account, a.id]));
  const t1 = userOf.get('T0001');
  const t2 = userOf.get('T0002');
  if (!t1 || !t2) return;
  const pupils = await queryRows<{ id: number; parentUserId: number; number: string }>(tx, sql`
    SELECT s.id, g.parent_user_id AS "parentUserId", s.student_number AS number FROM students s
    JOIN classes c ON c.id = s.class_id JOIN staff t ON t.id = c.class_teacher_id AND t.user_id = ${t2}
    JOIN LATERAL (SELECT parent_user_id FROM guardians WHERE student_id = s.id ORDER BY parent_user_id LIMIT 1) g ON TRUE
    ORDER BY s.student_number LIMIT 8`);
  if (pupils.length < 7) return;
  const staffOf = new Map(
    (await queryRows<{ userId: number; id: number }>(tx, sql`SELECT user_id AS "userId", id FROM staff WHERE user_id IN (${t1}, ${t2})`)).map((s) => [s.userId, s.id]),
  );

  const day = (offset: number, time: string) => {
    const now = new Date();
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
    const [hours, minutes] = time.split(':').map(Number);
    date.setHours(hours!, minutes!, 0, 0);
    return date;
  };
  const file = async (values: { type: string; applicant: number; studentId?: number; staffId?: number; leaveType?: string; start: Date | null; end: Date | null; reason: string; destination?: string; follower?: string; details?: Record<string, unknown>; createdDaysAgo: number }) => {
    const duration = values.leaveType && values.start && values.end ? await leaveDuration(tx, values.start, values.end) : null;
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO applications (type, applicant_user_id, student_id, staff_id, steps, leave_type, start_at, end_at, duration_days, duration_periods, reason, destination, follower, details, created_at)
      VALUES (${values.type}, ${values.applicant}, ${values.studentId ?? null}, ${values.staffId ?? null}, '[]'::jsonb, ${values.leaveType ?? null}, ${values.start}, ${values.end},
        ${duration?.days ?? null}, ${duration?.periods ?? null}, ${values.reason}, ${values.destination ?? null}, ${values.follower ?? null}, ${JSON.stringify(values.details ?? {})}::jsonb, now() - make_interval(days => ${values.createdDaysAgo}))
      RETURNING id`);
    await startApproval(tx, row!.id, values.applicant);
    return row!.id;
  };
  // Each step is decided by one of its approvers (the demo teachers where they are among them).
  const decide = (expected: number, id: number, decision: 'approve' | 'reject', comment = '') => decideAsApprover(tx, id, decision, comment, expected);

  const [demo, p2, p3, p4, p5, p6, p7] = pupils as [(typeof pupils)[0], ...(typeof pupils)];
  // The demo student's sick leave tomorrow morning, filed by the parent: waits for the class teacher.
  await file({ type: 'studentLeave', applicant: demo.parentUserId, studentId: demo.id, leaveType: '1', start: day(1, '08:00'), end: day(1, '12:00'), reason: '发烧38.5度，需在家休息并复诊。', createdDaysAgo: 0 });
  // Last month's approved leave of the demo student: the parent sees the whole trail.
  const past = await file({ type: 'studentLeave', applicant: demo.parentUserId, studentId: demo.id, leaveType: '2', start: day(-30, '13:30'), end: day(-30, '17:00'), reason: '参加亲属婚礼。', createdDaysAgo: 32 });
  await decide(t2, past, 'approve', '同意，注意安全。');
  await decide(t1, past, 'approve');
  // Approved and on leave today.
  const today = await file({ type: 'studentLeave', applicant: p2!.parentUserId, studentId: p2!.id, leaveType: '1', start: day(0, '07:30'), end: day(1, '17:30'), reason: '肠胃炎，医生建议休息两天。', createdDaysAgo: 1 });
  await decide(t2, today, 'approve', '好好休息。');
  await decide(t1, today, 'approve');
  // The class teacher approved; waits for the division director.
  const second = await file({ type: 'studentLeave', applicant: p3!.parentUserId, studentId: p3!.id, leaveType: '2', start: day(3, '08:00'), end: day(3, '17:00'), reason: '去外地办理证件。', createdDaysAgo: 1 });
  await decide(t2, second, 'approve', '情况属实。');
  // Rejected by the class teacher.
  const rejected = await file({ type: 'studentLeave', applicant: p4!.parentUserId, studentId: p4!.id, leaveType: '2', start: day(2, '08:00'), end: day(2, '12:00'), reason: '想在家复习。', createdDaysAgo: 2 });
  await decide(t2, rejected, 'reject', '期中考试前请在校复习，有问题可以问老师。');
  // Withdrawn by the parent.
  const withdrawn = await file({ type: 'studentLeave', applicant: p5!.parentUserId, studentId: p5!.id, leaveType: '1', start: day(4, '08:00'), end: day(4, '17:00'), reason: '牙科复诊。', createdDaysAgo: 3 });
  const facts = await applicationFacts(tx, withdrawn, true);
  await withdrawApplication(tx, facts!, p5!.parentUserId);
  // Approved and ended early (销假).
  const cancelled = await file({ type: 'studentLeave', applicant: p6!.parentUserId, studentId: p6!.id, leaveType: '1', start: day(-7, '08:00'), end: day(-5, '17:00'), reason: '流感，居家观察。', createdDaysAgo: 8 });
  await decide(t2, cancelled, 'approve');
  await decide(t1, cancelled, 'approve');
  await tx.execute(sql`UPDATE applications SET returned_at = ${day(-6, '12:00')}, cancel_note = '已退烧，下午返校。' WHERE id = ${cancelled}`);
  // A student's own application (a boarding student applying in person).
  await file({ type: 'studentLeave', applicant: (await queryRows<{ userId: number }>(tx, sql`SELECT user_id AS "userId" FROM students WHERE id = ${p7!.id}`))[0]!.userId, studentId: p7!.id, leaveType: '3', start: day(5, '13:30'), end: day(5, '17:00'), reason: '代表学校参加区科技节。', createdDaysAgo: 0 });
  // Two families of the next class (初二(2)班), waiting for its class teacher: the students a keyword search is tried on.
  const nextClassLeave: [string, string, Date, Date, string][] = [
    [KEYWORD_PEOPLE.students.zhangWei.number, '3', day(2, '13:30'), day(2, '17:00'), '代表学校参加区青少年篮球联赛。'],
    [KEYWORD_PEOPLE.students.hou.number, '1', day(1, '13:30'), day(1, '17:00'), '牙痛，下午去医院口腔科就诊。'],
  ];
  for (const [number, leaveType, start, end, reason] of nextClassLeave) {
    const [child] = await queryRows<{ id: number; parentUserId: number }>(tx, sql`
      SELECT s.id, (SELECT parent_user_id FROM guardians WHERE student_id = s.id ORDER BY parent_user_id LIMIT 1) AS "parentUserId" FROM students s WHERE s.student_number = ${number}`);
    if (child?.parentUserId) await file({ type: 'studentLeave', applicant: child.parentUserId, studentId: child.id, leaveType, start, end, reason, createdDaysAgo: 0 });
  }

  // Staff: T0002's leave waits for their department head; T0001's travel waits for T0001 (refused: their own)
  // and the principal; T0002's travel was approved.
  await file({ type: 'staffLeave', applicant: t2, staffId: staffOf.get(t2), leaveType: '2', start: day(6, '08:00'), end: day(6, '17:00'), reason: '子女入学报到。', createdDaysAgo: 0 });
  await file({ type: 'travel', applicant: t1, staffId: staffOf.get(t1), start: day(8, '08:00'), end: day(9, '18:00'), reason: '参加市数学教研活动。', destination: '市教育科学研究院', follower: '', createdDaysAgo: 0 });
  const trip = await file({ type: 'travel', applicant: t2, staffId: staffOf.get(t2), start: day(-10, '08:00'), end: day(-10, '17:00'), reason: '带学生参加区语文竞赛。', destination: '区少年宫', follower: '王老师', createdDaysAgo: 12 });
  await decide(0, trip, 'approve');
  await decide(0, trip, 'approve', '同意。');

  // Day-school and certificates: the demo student's enrolment certificate (with an English page) was
  // approved and issued; their grade certificate waits for the class teacher, their day-school
  // application for the division director; others approved, rejected and withdrawn.
  const dateText = (offset: number) => {
    const d = day(offset, '00:00');
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  const terms = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE start_date <= current_date ORDER BY start_date DESC LIMIT 2`);
  const termIds = terms.map((term) => term.id);
  const enrolment = await file({ type: 'enrolmentCertificate', applicant: demo.parentUserId, studentId: demo.id, start: null, end: null, reason: '', details: { purpose: '办理出国旅游签证', english: true }, createdDaysAgo: 6 });
  await decide(t2, enrolment, 'approve');
  await decide(0, enrolment, 'approve', '已核实学籍。');
  await file({ type: 'gradeCertificate', applicant: demo.parentUserId, studentId: demo.id, start: null, end: null, reason: '', details: { purpose: '参加暑期夏令营选拔', english: false, termIds }, createdDaysAgo: 0 });
  const daySchool = (offset: number, length: number) => ({
    startDate: dateText(offset),
    endDate: dateText(offset + length),
    address: '城南区桂花路18号3栋502',
    guardian: '母亲',
    guardianPhone: '13800138000',
    transport: 'car',
  });
  const demoDaySchool = await file({ type: 'daySchool', applicant: demo.parentUserId, studentId: demo.id, start: day(7, '00:00'), end: day(97, '23:59'), reason: '家离学校较近，家长可每日接送。', details: daySchool(7, 90), createdDaysAgo: 1 });
  await decide(t2, demoDaySchool, 'approve', '同意，请家长按时接送。');
  const approvedDaySchool = await file({ type: 'daySchool', applicant: p3!.parentUserId, studentId: p3!.id, start: day(-20, '00:00'), end: day(70, '23:59'), reason: '身体原因需在家调养作息。', details: daySchool(-20, 90), createdDaysAgo: 25 });
  await decide(t2, approvedDaySchool, 'approve');
  await decide(t1, approvedDaySchool, 'approve');
  const rejectedCertificate = await file({ type: 'enrolmentCertificate', applicant: p4!.parentUserId, studentId: p4!.id, start: null, end: null, reason: '', details: { purpose: '其他', english: false }, createdDaysAgo: 4 });
  await decide(t2, rejectedCertificate, 'reject', '请写明证明的具体用途后重新申请。');
  const gradeApproved = await file({ type: 'gradeCertificate', applicant: p6!.parentUserId, studentId: p6!.id, start: null, end: null, reason: '', details: { purpose: '转学材料', english: true, termIds }, createdDaysAgo: 9 });
  await decide(t2, gradeApproved, 'approve');
  await decide(0, gradeApproved, 'approve');
  const withdrawnCertificate = await file({ type: 'gradeCertificate', applicant: p5!.parentUserId, studentId: p5!.id, start: null, end: null, reason: '', details: { purpose: '银行开户', english: false, termIds }, createdDaysAgo: 5 });
  await withdrawApplication(tx, (await applicationFacts(tx, withdrawnCertificate, true))!, p5!.parentUserId);
  // One issued by mistake and revoked by the office (its verification page says so).
  const revokedCertificate = await file({ type: 'enrolmentCertificate', applicant: p3!.parentUserId, studentId: p3!.id, start: null, end: null, reason: '', details: { purpose: '办理医保报销', english: false }, createdDaysAgo: 8 });
  await decide(t2, revokedCertificate, 'approve');
  await decide(0, revokedCertificate, 'approve');
  await tx.execute(sql`
    UPDATE certificates SET revoked_at = now() - interval '2 days', revoked_by_user_id = (SELECT id FROM users WHERE account = 'admin'),
      revoke_reason = '证明中的班级填写有误，已作废，请重新申请。' WHERE application_id = ${revokedCertificate}`);
}

/**
 * The seeded decisions were all taken "now" by the seed; their bell messages are dated an hour after the
 * application was filed instead, so a newcomer's bell reads like the weeks it describes (and the newest
 * messages are not all about the seeded applications).
 */
export async function backdateApplicationMessages(tx: Tx): Promise<void> {
  await tx.execute(sql`
    UPDATE messages m SET created_at = least(now(), a.created_at + interval '1 hour')
    FROM applications a
    WHERE m.link ~ '^/(sqsp|xjgl)/[a-z]+[?]id=[0-9]+$' AND a.id = substring(m.link from 'id=([0-9]+)$')::int AND a.created_at < now() - interval '1 hour'`);
}
