import { sql } from 'drizzle-orm';
import { translate } from '@campus/contract';
import { deliverBatch, writeReceipts, type RecipientChoice } from '../../modules/homeSchool/notices/queries.ts';
import { noticeLink, parsePickerValue } from '../../modules/homeSchool/notices/service.ts';
import { queryRows, type Tx } from '../client.ts';
import { KEYWORD_PEOPLE } from './school.ts';

interface DemoNotice {
  publisher: string;
  title: string;
  content: string;
  recipients: string;
  classes: 'led' | 'taught' | 'none';
  audience: RecipientChoice['classAudience'];
  daysAgo: number;
  /** Share of the recipients who have read it (every fifth, every second ... by user id), 0 for none. */
  readEvery: number;
  /** The demo parent and student keep it unread, so their lists show both kinds. */
  demoUnread?: boolean;
  failed?: string;
  /** An event (活动发布): its place, its day relative to today, and whether recipients answer. */
  event?: { place: string; inDays: number; askJoin: boolean };
}

const NOTICES: DemoNotice[] = [
  {
    publisher: 'admin', title: '关于期末考试安排的通知',
    content: '各位家长：\n本学期期末考试定于第十九周进行，具体科目与时间以班级通知为准。请督促孩子合理安排复习，保证充足睡眠。\n教务处',
    recipients: 'R_parent', classes: 'none', audience: 'parents', daysAgo: 6, readEvery: 3,
  },
  {
    publisher: 'admin', title: '教职工大会通知',
    content: '全体教职工：本周五下午 15:30 在学术报告厅召开教职工大会，请准时参加，不得无故缺席。',
    recipients: 'R_teacher,R_class_teacher', classes: 'none', audience: 'parents', daysAgo: 2, readEvery: 2,
  },
  {
    publisher: 'T0002', title: '本周五家长会通知',
    content: '各位家长：本周五晚 18:30 在本班教室召开家长会，主要内容为期中考试情况分析与下阶段学习安排。请准时参加，如不能到场请提前告知班主任。',
    recipients: '', classes: 'led', audience: 'parents', daysAgo: 4, readEvery: 2,
  },
  {
    publisher: 'T0002', title: '春季运动会报名',
    content: '春季运动会将于下月中旬举行，项目包括 100 米、400 米、跳远、跳高和接力。有意参加的同学请于本周三前向体育委员报名。',
    recipients: '', classes: 'led', audience: 'both', daysAgo: 1, readEvery: 4, demoUnread: true,
  },
  {
    publisher: 'T0001', title: '数学周末练习提醒',
    content: '本周末数学练习为练习册第 35–38 页，周一早读前交给课代表。',
    recipients: '', classes: 'taught', audience: 'students', daysAgo: 3, readEvery: 2,
  },
  {
    publisher: 'T0002', title: '冬季流感预防提示',
    content: '近期流感高发，请家长关注孩子体温，出现发热症状请及时就医并向班主任请假。',
    recipients: '', classes: 'led', audience: 'parents', daysAgo: 0, readEvery: 0,
    failed: 'connection terminated unexpectedly',
  },
  {
    publisher: 'T0002', title: '亲子运动会报名',
    content: '下周六上午 9:00 在学校田径场举行亲子运动会，设亲子接力、跳绳和拔河等项目，欢迎家长报名参加。',
    recipients: '', classes: 'led', audience: 'parents', daysAgo: 1, readEvery: 2, demoUnread: true,
    event: { place: '学校田径场', inDays: 10, askJoin: true },
  },
  {
    publisher: 'admin', title: '校园开放日',
    content: '学校将举办校园开放日，家长可参观课堂、食堂和宿舍，并与任课教师交流。',
    recipients: 'R_parent', classes: 'none', audience: 'parents', daysAgo: 12, readEvery: 2,
    event: { place: '学校大礼堂', inDays: -5, askJoin: true },
  },
  {
    publisher: 'T0001', title: '数学兴趣讲座',
    content: '本周四下午第八节在阶梯教室举行“生活中的数学”讲座，欢迎同学们参加。',
    recipients: '', classes: 'taught', audience: 'students', daysAgo: 0, readEvery: 3,
    event: { place: '阶梯教室', inDays: 2, askJoin: false },
  },
];

/** Demo notices in every lasting status, delivered as the background work would deliver them (once per database). */
export async function seedNotices(tx: Tx): Promise<void> {
  const [existing] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM notices) AS any`);
  if (existing?.any) return;
  const [demo] = await queryRows<{ led: number | null; taught: number | null; parent: number | null; student: number | null }>(tx, sql`
    SELECT (SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002' ORDER BY c.id LIMIT 1) AS led,
           (SELECT te.class_id FROM timetable_entries te JOIN staff st ON st.id = te.teacher_id JOIN users u ON u.id = st.user_id
              JOIN terms t ON t.id = te.term_id AND t.is_current WHERE u.account = 'T0001' ORDER BY te.class_id LIMIT 1) AS taught,
           (SELECT id FROM users WHERE account = 'jz201911001') AS parent,
           (SELECT id FROM users WHERE account = '201911001') AS student`);
  if (!demo) return;
  // Oldest first, so ids grow with publishing time as they do in use (recipients' lists go by id).
  for (const notice of [...NOTICES].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const classId = notice.classes === 'led' ? demo.led : notice.classes === 'taught' ? demo.taught : null;
    if (notice.classes !== 'none' && !classId) continue;
    const classIds = classId ? [classId] : [];
    const [publisher] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE account = ${notice.publisher}`);
    if (!publisher) continue;
    const createdAt = sql`date_trunc('day', now()) - make_interval(days => ${notice.daysAgo}) + interval '8 hours 20 minutes'`;
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO notices (kind, place, event_at, ask_join, title, content, attachments, publisher_user_id, recipients, class_ids, class_audience, status, error, created_at, updated_at)
      VALUES (${notice.event ? 'event' : 'notice'}, ${notice.event?.place ?? null},
              ${notice.event ? sql`date_trunc('day', now()) + make_interval(days => ${notice.event.inDays}) + interval '9 hours'` : null},
              ${notice.event?.askJoin ?? false}, ${notice.title}, ${notice.content}, ${JSON.stringify({ images: [], video: [], documents: [], audio: [] })}::jsonb, ${publisher.id},
              ${notice.recipients}, ${JSON.stringify(classIds)}::jsonb, ${notice.audience}, ${notice.failed ? 'failed' : 'delivered'},
              ${notice.failed ?? null}, ${createdAt}, ${createdAt})
      RETURNING id`);
    const id = row!.id;
    const choice: RecipientChoice = { ...parsePickerValue(notice.recipients), classIds, classAudience: notice.audience };
    const total = await writeReceipts(tx, id, choice);
    let delivered = 0;
    if (!notice.failed) {
      const preview = notice.content.replace(/\s+/g, ' ').slice(0, 100);
      for (let cursor: number | null = 0; cursor !== null; ) {
        const batch = await deliverBatch(tx, { id, title: notice.title, preview, link: noticeLink(id), senderUserId: publisher.id }, '3', 5000, cursor);
        delivered += batch.written;
        cursor = batch.lastUserId;
      }
      await tx.execute(sql`UPDATE messages SET created_at = ${createdAt} WHERE link = ${noticeLink(id)}`);
    } else {
      // Half delivered when the connection dropped: its task keeps the bookmark a resend goes on from.
      const half = await deliverBatch(tx, { id, title: notice.title, preview: notice.content.slice(0, 100), link: noticeLink(id), senderUserId: publisher.id }, '3', Math.floor(total / 2), 0);
      delivered = half.written;
      await tx.execute(sql`
        WITH task AS (
          INSERT INTO background_tasks (kind, payload, status, progress_done, progress_total, state, attempts, error, created_by, created_at, finished_at)
          VALUES ('homeSchool.noticeDelivery', ${JSON.stringify({ noticeId: id })}::jsonb, 'failed', ${delivered}, ${total},
                  ${JSON.stringify({ receipts: true, cursor: half.lastUserId ?? 0, guard: false })}::jsonb, 1, ${notice.failed}, ${publisher.id}, ${createdAt}, ${createdAt})
          RETURNING id)
        UPDATE notices SET delivery_task_id = (SELECT id FROM task) WHERE id = ${id}`);
    }
    if (notice.readEvery > 0) {
      const keepUnread = notice.demoUnread ? [demo.parent ?? 0, demo.student ?? 0] : [];
      await tx.execute(sql`
        UPDATE notice_recipients SET read_at = ${createdAt} + make_interval(mins => 5 + (user_id % 600))
        WHERE notice_id = ${id} AND (user_id % ${notice.readEvery} = 0 OR user_id IN (${demo.parent ?? 0}, ${demo.student ?? 0}))
          AND user_id <> ALL(${sql.param(keepUnread)}::int[])`);
      if (notice.event?.askJoin) {
        // Most readers answer; two in three of them join.
        await tx.execute(sql`
          UPDATE notice_recipients SET answer = CASE WHEN user_id % 3 = 0 THEN 'decline' ELSE 'join' END, answered_at = read_at + interval '3 minutes'
          WHERE notice_id = ${id} AND read_at IS NOT NULL AND user_id % 4 <> 1`);
      }
      await tx.execute(sql`
        UPDATE messages m SET status = 1, read_at = nr.read_at FROM notice_recipients nr
        WHERE nr.notice_id = ${id} AND nr.read_at IS NOT NULL AND m.recipient_user_id = nr.user_id AND m.link = ${noticeLink(id)}`);
    }
    await tx.execute(sql`
      UPDATE notices SET recipient_total = ${total}, delivered_count = ${delivered},
             read_count = (SELECT count(*) FROM notice_recipients WHERE notice_id = ${id} AND read_at IS NOT NULL)
      WHERE id = ${id}`);
  }
}

type ConductSeed = { by: string; category: string; content: string; result: string; askReply: boolean; daysAgo: number; reply?: string };

/**
 * Demo conduct records (表现发布) with and without replies, once per database: the demo class's, and two of
 * 初二(2)班 by its class teacher, of the students a keyword search is tried on.
 */
export async function seedConduct(tx: Tx): Promise<void> {
  const [existing] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM conduct_records) AS any`);
  if (existing?.any) return;
  const students = await queryRows<{ id: number; account: string; name: string }>(tx, sql`
    SELECT s.id, u.account, s.name FROM students s JOIN users u ON u.id = s.user_id
    WHERE s.class_id = (SELECT class_id FROM students s2 JOIN users u2 ON u2.id = s2.user_id WHERE u2.account = '201911001')
    ORDER BY (u.account = '201911001') DESC, s.student_number LIMIT 6`);
  if (students.length < 3) return;
  const records: (ConductSeed & { student: number })[] = [
    { by: 'T0002', student: 0, category: 'classroom', content: '本周语文课上积极发言，朗读《岳阳楼记》声情并茂，值得表扬。', result: 'praise', askReply: true, daysAgo: 3, reply: '谢谢老师的鼓励，我们会继续支持孩子多读书。' },
    { by: 'T0001', student: 0, category: 'homework', content: '数学练习册第三章有两道题未订正，请督促孩子周五前完成。', result: 'improve', askReply: true, daysAgo: 1 },
    { by: 'T0002', student: 1, category: 'labour', content: '主动承担班级卫生角的整理，认真负责。', result: 'praise', askReply: false, daysAgo: 5 },
    { by: 'T0002', student: 2, category: 'discipline', content: '午休时间在走廊追逐打闹，已当面提醒，请家长配合教育。', result: 'improve', askReply: true, daysAgo: 2, reply: '已和孩子沟通，以后会注意安全。' },
    { by: 'T0002', student: 3, category: 'activity', content: '在班级辩论赛中表现突出，获得最佳辩手。', result: 'praise', askReply: false, daysAgo: 6 },
  ];
  for (const record of records) await writeConduct(tx, students[record.student], record);
  const nextClass: [string, Omit<ConductSeed, 'by'>][] = [
    [KEYWORD_PEOPLE.students.zhangWei.number, { category: 'activity', content: '代表班级参加校运会男子 800 米，获得年级第二名，为班级争得荣誉。', result: 'praise', askReply: false, daysAgo: 4 }],
    [KEYWORD_PEOPLE.students.hou.number, { category: 'homework', content: '作为学习委员每天按时收发作业，还主动帮助同学订正错题。', result: 'praise', askReply: true, daysAgo: 2, reply: '谢谢老师，孩子回家很开心。' }],
  ];
  for (const [number, record] of nextClass) {
    const [student] = await queryRows<{ id: number; name: string; teacher: string }>(tx, sql`
      SELECT s.id, s.name, tu.account AS teacher FROM students s JOIN classes c ON c.id = s.class_id
      JOIN staff st ON st.id = c.class_teacher_id JOIN users tu ON tu.id = st.user_id WHERE s.student_number = ${number}`);
    if (student) await writeConduct(tx, student, { ...record, by: student.teacher });
  }
}

/** One conduct record with its message to the parents and the parent's reply, if any. */
async function writeConduct(tx: Tx, student: { id: number; name: string } | undefined, record: ConductSeed): Promise<void> {
  if (!student) return;
  const at = sql`now() - make_interval(days => ${record.daysAgo}) - interval '2 hours'`;
  const [row] = await queryRows<{ id: number }>(tx, sql`
    INSERT INTO conduct_records (student_id, publisher_user_id, category, content, result, ask_reply, created_at, updated_at)
    SELECT ${student.id}, u.id, ${record.category}, ${record.content}, ${record.result}, ${record.askReply}, ${at}, ${at} FROM users u WHERE u.account = ${record.by}
    RETURNING id`);
  if (!row) return;
  const link = `/jxhd/bxhf?id=${row.id}`;
  await tx.execute(sql`
    INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link, created_at, status, read_at)
    SELECT g.parent_user_id, (SELECT id FROM users WHERE account = ${record.by}), ${translate('zh', 'homeSchool.conduct.messageTitle', { name: student.name, category: translate('zh', `homeSchool.conduct.category.${record.category}`) })}, ${record.content.slice(0, 100)}, '3', ${link}, ${at},
           ${record.reply ? 1 : 0}, ${record.reply ? at : null}
    FROM guardians g WHERE g.student_id = ${student.id}`);
  if (record.reply) {
    await tx.execute(sql`
      INSERT INTO conduct_replies (record_id, parent_user_id, content, replied_at)
      SELECT ${row.id}, g.parent_user_id, ${record.reply}, ${at} + interval '5 hours' FROM guardians g WHERE g.student_id = ${student.id} ORDER BY g.parent_user_id LIMIT 1`);
  }
}

/** Parents' mobile numbers (every twelfth left without one) and a class teacher's texts, once per database. */
export async function seedSms(tx: Tx): Promise<void> {
  const [existing] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM sms_messages) AS any`);
  if (existing?.any) return;
  await tx.execute(sql`
    UPDATE guardians SET phone = '1' || (ARRAY['38', '39', '58', '59', '86', '87'])[1 + parent_user_id % 6] || lpad(((parent_user_id::bigint * 7919 + student_id) % 100000000)::text, 8, '0')
    WHERE phone IS NULL AND (parent_user_id + student_id) % 12 <> 5`);
  const sender = sql`(SELECT id FROM users WHERE account = 'T0002')`;
  const classOf = sql`(SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002' ORDER BY c.id LIMIT 1)`;
  const texts: { content: string; daysAgo: number; state: 'outbox' | 'failed'; limit: number }[] = [
    { content: '【初二(1)班】本周五晚 18:30 召开家长会，请准时参加。', daysAgo: 4, state: 'outbox', limit: 40 },
    { content: '【初二(1)班】明天下午 15:00 提前放学，请家长按时接孩子。', daysAgo: 1, state: 'outbox', limit: 40 },
    { content: '【初二(1)班】您的孩子今日数学作业未交，请督促完成。', daysAgo: 0, state: 'failed', limit: 2 },
  ];
  for (const text of texts) {
    await tx.execute(sql`
      INSERT INTO sms_messages (sender_user_id, recipient_user_id, student_id, phone, content, state, channel, attempts, error, created_at, sent_at)
      SELECT ${sender}, g.parent_user_id, g.student_id, g.phone, ${text.content}, ${text.state}, ${text.state === 'failed' ? 'gateway' : 'outbox'}, 1,
             ${text.state === 'failed' ? 'gateway answered 503' : null},
             now() - make_interval(days => ${text.daysAgo}) - interval '3 hours',
             ${text.state === 'failed' ? sql`NULL` : sql`now() - make_interval(days => ${text.daysAgo}) - interval '3 hours'`}
      FROM guardians g JOIN students s ON s.id = g.student_id
      WHERE s.class_id = ${classOf} AND g.phone IS NOT NULL
      ORDER BY s.student_number LIMIT ${text.limit}`);
  }
}

interface DemoAssignment {
  by: string;
  title: string;
  content: string;
  /** Days from today of its creation and of its end (negative: past). */
  createdDays: number;
  endDays: number;
  needsRevision: boolean;
  onlineSubmission: boolean;
  graded: boolean;
  /** The demo student's status, and the statuses the rest of the class cycles through. */
  demo: HomeworkStatus;
  others: HomeworkStatus[];
}

type HomeworkStatus = 'to_submit' | 'viewed' | 'submitted' | 'to_check' | 'corrected' | 'to_revise' | 'revised_pending' | 'revised_approved' | 'no_submission';

const DEMO_ASSIGNMENTS: DemoAssignment[] = [
  {
    by: 'T0002', title: '朗读《岳阳楼记》并录音', content: '<p>熟读课文，注意停顿和语气，<strong>录音</strong>后提交。</p><ul><li>第一段读出气势</li><li>第三、四段对比阴晴之景</li></ul>',
    createdDays: -7, endDays: -3, needsRevision: true, onlineSubmission: true, graded: false,
    demo: 'revised_approved', others: ['corrected', 'to_revise', 'revised_pending', 'revised_approved', 'to_submit', 'corrected', 'to_check'],
  },
  {
    by: 'T0001', title: '数学练习册第三章 3.2', content: '<p>完成练习册第 18–19 页全部习题，写出解题步骤，拍照上传。</p>',
    createdDays: -1, endDays: 2, needsRevision: false, onlineSubmission: true, graded: true,
    demo: 'to_submit', others: ['submitted', 'to_check', 'corrected', 'viewed', 'to_submit', 'submitted'],
  },
  {
    by: 'T0002', title: '周记：一次难忘的秋游', content: '<p>不少于 600 字，写清楚时间、地点和<em>最难忘的细节</em>。</p>',
    createdDays: -4, endDays: 1, needsRevision: true, onlineSubmission: true, graded: false,
    demo: 'to_revise', others: ['submitted', 'viewed', 'to_submit', 'to_check', 'corrected'],
  },
  {
    by: 'T0002', title: '预习第五单元生字词', content: '<p>预习第五单元，圈出不认识的字词并查字典，课堂检查。</p>',
    createdDays: 0, endDays: 3, needsRevision: false, onlineSubmission: false, graded: false,
    demo: 'no_submission', others: ['no_submission'],
  },
  {
    by: 'T0001', title: '几何作图：三角形的高', content: '<p>用直尺和圆规作出三个三角形的三条高，拍照提交。</p>',
    createdDays: -5, endDays: -1, needsRevision: false, onlineSubmission: true, graded: true,
    demo: 'viewed', others: ['corrected', 'corrected', 'to_submit', 'to_check'],
  },
];

/** Homework of the demo class in every status of spec 4, with the bell messages of what waits; once per database. */
export async function seedHomework(tx: Tx): Promise<void> {
  const [existing] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM assignments) AS any`);
  if (existing?.any) return;
  const students = await queryRows<{ id: number; userId: number; account: string }>(tx, sql`
    SELECT s.id, s.user_id AS "userId", u.account FROM students s JOIN users u ON u.id = s.user_id
    WHERE s.in_school_status = '1' AND s.class_id = (SELECT class_id FROM students s2 JOIN users u2 ON u2.id = s2.user_id WHERE u2.account = '201911001')
    ORDER BY (u.account = '201911001') DESC, s.student_number`);
  if (students.length < 2 || students[0]!.account !== '201911001') return;
  const classId = sql`(SELECT class_id FROM students WHERE id = ${students[0]!.id})`;
  for (const demo of DEMO_ASSIGNMENTS) {
    const created = sql`date_trunc('hour', now()) + make_interval(days => ${demo.createdDays}) - interval '3 hours'`;
    const [row] = await queryRows<{ id: number; teacherId: number }>(tx, sql`
      INSERT INTO assignments (title, content, publisher_user_id, end_at, needs_revision, online_submission, graded, class_ids, created_at, updated_at)
      SELECT ${demo.title}, ${demo.content}, u.id, date_trunc('day', now()) + make_interval(days => ${demo.endDays}) + interval '21 hours',
        ${demo.needsRevision}, ${demo.onlineSubmission}, ${demo.graded}, jsonb_build_array(${classId}), ${created}, ${created}
      FROM users u WHERE u.account = ${demo.by}
      RETURNING id, publisher_user_id AS "teacherId"`);
    if (!row) continue;
    for (const [index, student] of students.entries()) {
      const status = index === 0 ? demo.demo : demo.others[(index - 1) % demo.others.length]!;
      const handedIn = !['to_submit', 'viewed', 'no_submission'].includes(status);
      const corrected = ['corrected', 'to_revise', 'revised_pending', 'revised_approved'].includes(status);
      const revised = ['revised_pending', 'revised_approved'].includes(status);
      // Never in the future, whenever the assignment began.
      const submittedAt = sql`least(${created} + make_interval(hours => ${20 + (index % 30)}), now() - make_interval(mins => ${30 + index}))`;
      // Of an assignment already ended, every seventh hand-in came after the end time.
      const late = handedIn && demo.endDays < 0 && index % 7 === 3;
      await tx.execute(sql`
        INSERT INTO homework_works (assignment_id, student_id, status, late, viewed_at, submission_text, submission_files, submitted_at, submitted_by_user_id,
          revision_note, revision_requested_at, revision_text, revision_files, revised_at, revised_by_user_id, comment, score, grade, corrected_at, corrected_by_user_id, updated_at)
        VALUES (${row.id}, ${student.id}, ${status}, ${late}, ${status === 'to_submit' || status === 'no_submission' ? null : submittedAt},
          ${handedIn ? '已完成，请老师批阅。' : null}, ${handedIn ? sql`'{"images":[],"documents":[],"recordings":[]}'::jsonb` : null},
          ${handedIn ? (late ? sql`(SELECT end_at + interval '2 hours' FROM assignments WHERE id = ${row.id})` : submittedAt) : null}, ${handedIn ? student.userId : null},
          ${corrected && status !== 'corrected' ? '请再读一遍第二段，注意语气。' : null}, ${corrected && status !== 'corrected' ? sql`${submittedAt} + interval '1 day'` : null},
          ${revised ? '已按要求订正。' : null}, ${revised ? sql`'{"images":[],"documents":[],"recordings":[]}'::jsonb` : null},
          ${revised ? sql`${submittedAt} + interval '2 days'` : null}, ${revised ? student.userId : null},
          ${corrected ? (status === 'revised_approved' ? '订正认真，很好！' : '完成得不错，注意书写。') : null},
          ${corrected && demo.graded ? 80 + (index % 20) : null}, ${corrected && demo.graded ? ['A', 'B', 'A', 'C'][index % 4]! : null},
          ${corrected ? sql`${submittedAt} + interval '1 day'` : null}, ${corrected ? row.teacherId : null}, now())`);
    }
    // What waits in the bells: the family's new homework and revision requests, the teacher's hand-ins.
    if (demo.onlineSubmission && demo.endDays > 0) {
      const title = translate('zh', demo.demo === 'to_revise' ? 'homework.message.revise' : 'homework.message.assigned', { title: demo.title });
      await tx.execute(sql`
        INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link, created_at)
        SELECT ${students[0]!.userId}::int, ${row.teacherId}::int, ${title}::text, ${demo.title}::text, '2', ${`/jxhd/wdzy?id=${row.id}`}, ${created}
        UNION ALL
        SELECT g.parent_user_id, ${row.teacherId}::int, ${title}::text, ${demo.title}::text, '2', ${`/jxhd/wdzy?id=${row.id}&student=${students[0]!.id}`}, ${created}
        FROM guardians g WHERE g.student_id = ${students[0]!.id}`);
      await tx.execute(sql`
        INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link, created_at)
        SELECT ${row.teacherId}, s.user_id, replace(${translate('zh', 'homework.message.submitted', { name: '{name}', title: demo.title })}, '{name}', s.name), ${demo.title}, '2',
          ${`/jxhd/zyfb?id=${row.id}&student=`} || s.id, w.submitted_at
        FROM homework_works w JOIN students s ON s.id = w.student_id WHERE w.assignment_id = ${row.id} AND w.status = 'submitted'
        ORDER BY w.submitted_at DESC LIMIT 2`);
    }
  }
}
