import { eq, inArray, sql } from 'drizzle-orm';
import type { DashboardCard, HomeCardForm, Language } from '@campus/contract';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { homeCards, roles } from '../../../db/schema/index.ts';
import type { Caller } from '../../../platform/caller.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { ownStudentIds, visibleClasses, visibleStudents } from '../../../platform/scope.ts';
import { unreadCount } from '../../messages/centre/queries.ts';
import { cardsForRoles } from './queries.ts';
import { waitingForApprover } from '../../applications/approvals/service.ts';
import { onLeaveTodayCount } from '../../applications/leave/service.ts';
import { waitingForTeacher } from '../../homeSchool/homework/service.ts';
import { surveysToAnswer } from '../../surveys/answering/service.ts';
import { eventsToRun, eventsToSignUp } from '../../campusLife/activities/service.ts';

async function roleIdOf(db: DbOrTx, code: string): Promise<number | null> {
  if (!code) return null;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  if (!role) throw badRequest('homeCards.unknownRole');
  return role.id;
}

function values(card: HomeCardForm, roleId: number | null) {
  // A statistic card's content is a key, not text: it has no English of its own.
  return { name: card.name, nameEn: card.nameEn || null, route: card.route || null, content: card.content, contentEn: (card.category !== 'statistic' && card.contentEn) || null, roleId, category: card.category, sort: card.sort, enabled: card.enabled };
}

export async function createCard(db: Db, card: HomeCardForm): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(homeCards).values(values(card, await roleIdOf(tx, card.roleCode))).returning({ id: homeCards.id });
    return created!.id;
  });
}

export async function updateCard(db: Db, id: number, card: HomeCardForm): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx.update(homeCards).set(values(card, await roleIdOf(tx, card.roleCode))).where(eq(homeCards.id, id)).returning({ id: homeCards.id });
    if (!updated.length) throw notFound();
  });
}

export async function deleteCards(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(homeCards).where(inArray(homeCards.id, ids)).returning({ id: homeCards.id });
    if (deleted.length !== new Set(ids).size) throw notFound();
  });
}

/** A statistic card's number, always within what the caller may see. */
async function statistic(db: DbOrTx, caller: Caller, key: string): Promise<number | undefined> {
  const { auth } = caller;
  switch (key) {
    case 'unreadMessages':
      return unreadCount(db, auth.userId);
    case 'visibleStudents': {
      const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM students s WHERE ${visibleStudents(auth, sql`s.id`)}`);
      return row?.total ?? 0;
    }
    case 'visibleClasses': {
      const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM classes c WHERE ${visibleClasses(auth, sql`c.id`)}`);
      return row?.total ?? 0;
    }
    case 'unreadNotices': {
      const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM notice_recipients WHERE user_id = ${auth.userId} AND read_at IS NULL`);
      return row?.total ?? 0;
    }
    case 'latestNoticeReads': {
      // How many have read the caller's latest delivered notice (the publisher's "who has seen it").
      const [row] = await queryRows<{ total: number }>(db, sql`
        SELECT read_count AS total FROM notices WHERE publisher_user_id = ${auth.userId} AND status = 'delivered' ORDER BY created_at DESC, id DESC LIMIT 1`);
      return row?.total ?? 0;
    }
    case 'homeworkDue': {
      // Not handed in and still open, for the caller (a student) or their children (a parent).
      const [row] = await queryRows<{ total: number }>(db, sql`
        SELECT count(*)::int AS total FROM homework_works w JOIN assignments a ON a.id = w.assignment_id
        WHERE w.student_id IN (${ownStudentIds(auth)})
          AND w.status IN ('to_submit', 'viewed', 'to_revise') AND a.end_at > now()`);
      return row?.total ?? 0;
    }
    case 'homeworkToCorrect':
      return waitingForTeacher(db, auth.userId);
    case 'eventsToAnswer': {
      const [row] = await queryRows<{ total: number }>(db, sql`
        SELECT count(*)::int AS total FROM notice_recipients nr JOIN notices n ON n.id = nr.notice_id
        WHERE nr.user_id = ${auth.userId} AND nr.answer IS NULL AND n.kind = 'event' AND n.ask_join AND n.event_at > now()`);
      return row?.total ?? 0;
    }
    case 'recentAwards': {
      const own = sql`(${ownStudentIds(auth)})`;
      const [row] = await queryRows<{ total: number }>(db, sql`
        SELECT (SELECT count(*) FROM disciplinary_awards d WHERE d.student_id IN ${own} AND d.created_at > now() - interval '30 days')::int
          + (SELECT count(*) FROM above_school_award_winners w JOIN above_school_awards a ON a.id = w.award_id WHERE w.student_id IN ${own} AND a.created_at > now() - interval '30 days')::int AS total`);
      return row?.total ?? 0;
    }
    case 'approvalsWaiting':
      return waitingForApprover(db, auth.userId);
    case 'onLeaveToday':
      return onLeaveTodayCount(db, auth.userId);
    case 'electivesToReview': {
      const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM elective_declarations WHERE status = 'declared'`);
      return row?.total ?? 0;
    }
    case 'electivesToChoose': {
      // Open selections in which the caller (or a child) has no major course yet.
      const [row] = await queryRows<{ total: number }>(db, sql`
        SELECT count(*)::int AS total FROM elective_selection_settings ss CROSS JOIN (${ownStudentIds(auth)}) own(id)
        WHERE now() BETWEEN ss.selection_start AND ss.selection_end
          AND NOT EXISTS (SELECT 1 FROM elective_choices c WHERE c.term_id = ss.term_id AND c.student_id = own.id AND c.kind = 'major')`);
      return row?.total ?? 0;
    }
    case 'electivesToRate': {
      const [row] = await queryRows<{ total: number }>(db, sql`
        SELECT count(*)::int AS total FROM elective_enrolments ee JOIN elective_sessions es ON es.id = ee.session_id JOIN terms t ON t.id = es.term_id
        LEFT JOIN elective_selection_settings ss ON ss.term_id = es.term_id
        WHERE ee.student_id IN (SELECT s.id FROM students s WHERE s.user_id = ${auth.userId})
          AND current_date BETWEEN t.start_date AND t.end_date AND (ss.term_id IS NULL OR now() > ss.selection_end)
          AND NOT EXISTS (SELECT 1 FROM elective_ratings r WHERE r.session_id = ee.session_id AND r.student_id = ee.student_id)`);
      return row?.total ?? 0;
    }
    case 'subjectChoicesToMake': {
      // 走班 batches in their window for the caller's (or a child's) grade without a choice yet.
      const [row] = await queryRows<{ total: number }>(db, sql`
        SELECT count(*)::int AS total FROM shift_batches b JOIN classes c ON c.grade_id = b.grade_id JOIN students s ON s.class_id = c.id
        WHERE s.id IN (${ownStudentIds(auth)}) AND now() BETWEEN b.choice_start AND b.choice_end
          AND NOT EXISTS (SELECT 1 FROM shift_choices ch WHERE ch.batch_id = b.id AND ch.student_id = s.id)`);
      return row?.total ?? 0;
    }
    case 'choiceChangesToReview': {
      const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM shift_choice_changes WHERE status = 'pending'`);
      return row?.total ?? 0;
    }
    case 'surveysToAnswer':
      return surveysToAnswer(db, auth.userId);
    case 'lecturesToSignUp':
      return eventsToSignUp(db, auth.userId, 'lecture');
    case 'activitiesToSignUp':
      return eventsToSignUp(db, auth.userId, 'activity');
    case 'lecturesToRun':
      return eventsToRun(db, caller, 'lecture');
    case 'activitiesToRun':
      return eventsToRun(db, caller, 'activity');
    default:
      return undefined;
  }
}

/** The caller's dashboard: the enabled cards of their roles (and those for everyone), in their language. */
export async function dashboardCards(db: DbOrTx, auth: AuthContext, access: { roleCodes: string[]; permissions: Set<string> }, language: Language): Promise<DashboardCard[]> {
  const cards = await cardsForRoles(db, access.roleCodes);
  const caller: Caller = { auth, permissions: access.permissions, language };
  return Promise.all(
    cards.map(async (card) => {
      const category = card.category as DashboardCard['category'];
      const content = (language === 'en' && card.contentEn) || card.content;
      const base: DashboardCard = { id: card.id, title: (language === 'en' && card.nameEn) || card.name, route: card.route, category, content };
      return category === 'statistic' ? { ...base, value: await statistic(db, caller, card.content) } : base;
    }),
  );
}
