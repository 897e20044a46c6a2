import { sql } from 'drizzle-orm';
import { deliverBatch, writeReceipts, type RecipientChoice } from '../../modules/homeSchool/notices/queries.ts';
import { noticeLink, parsePickerValue } from '../../modules/homeSchool/notices/service.ts';
import { queryRows, type Tx } from '../client.ts';

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
  for (const notice of NOTICES) {
    const classId = notice.classes === 'led' ? demo.led : notice.classes === 'taught' ? demo.taught : null;
    if (notice.classes !== 'none' && !classId) continue;
    const classIds = classId ? [classId] : [];
    const [publisher] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE account = ${notice.publisher}`);
    if (!publisher) continue;
    const createdAt = sql`date_trunc('day', now()) - make_interval(days => ${notice.daysAgo}) + interval '8 hours 20 minutes'`;
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO notices (title, content, attachments, publisher_user_id, recipients, class_ids, class_audience, status, error, created_at, updated_at)
      VALUES (${notice.title}, ${notice.content}, ${JSON.stringify({ images: [], video: [], documents: [], audio: [] })}::jsonb, ${publisher.id},
              ${notice.recipients}, ${JSON.stringify(classIds)}::jsonb, ${notice.audience}, ${notice.failed ? 'failed' : 'delivered'},
              ${notice.failed ?? null}, ${createdAt}, ${createdAt})
      RETURNING id`);
    const id = row!.id;
    const choice: RecipientChoice = { ...parsePickerValue(notice.recipients), classIds, classAudience: notice.audience };
    const total = await writeReceipts(tx, id, choice);
    let delivered = 0;
    if (!notice.failed) {
      const preview = notice.content.replace(/\s+/g, ' ').slice(0, 100);
      for (let written = -1; written !== 0; ) {
        written = await deliverBatch(tx, { id, title: notice.title, preview, link: noticeLink(id), senderUserId: publisher.id }, '3', 5000);
        delivered += written;
      }
      await tx.execute(sql`UPDATE messages SET created_at = ${createdAt} WHERE link = ${noticeLink(id)}`);
    } else {
      // Half delivered when the connection dropped.
      delivered = await deliverBatch(tx, { id, title: notice.title, preview: notice.content.slice(0, 100), link: noticeLink(id), senderUserId: publisher.id }, '3', Math.floor(total / 2));
    }
    if (notice.readEvery > 0) {
      const keepUnread = notice.demoUnread ? [demo.parent ?? 0, demo.student ?? 0] : [];
      await tx.execute(sql`
        UPDATE notice_recipients SET read_at = ${createdAt} + make_interval(mins => 5 + (user_id % 600))
        WHERE notice_id = ${id} AND message_id IS NOT NULL AND (user_id % ${notice.readEvery} = 0 OR user_id IN (${demo.parent ?? 0}, ${demo.student ?? 0}))
          AND user_id <> ALL(${sql.param(keepUnread)}::int[])`);
      await tx.execute(sql`
        UPDATE messages m SET status = 1, read_at = nr.read_at FROM notice_recipients nr
        WHERE nr.notice_id = ${id} AND nr.read_at IS NOT NULL AND m.id = nr.message_id`);
    }
    await tx.execute(sql`
      UPDATE notices SET recipient_total = ${total}, delivered_count = ${delivered},
             read_count = (SELECT count(*) FROM notice_recipients WHERE notice_id = ${id} AND read_at IS NOT NULL)
      WHERE id = ${id}`);
  }
}
