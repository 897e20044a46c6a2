import { sql, type SQL } from 'drizzle-orm';
import { translate, type Language, type WeekParity } from '@campus/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { localName, slotNames } from '../views/queries.ts';

/**
 * What stands in a draft lesson's way, for a drag, a placement and the check before publishing. A draft's
 * lessons meet each other (the class, teacher and room of two lessons at one time, unless one is held in
 * odd weeks and the other in even ones) and the rest of the term: teaching classes and electives hold their
 * teachers and rooms, an elective holds the classes of its students, and a teacher's unavailable periods.
 */

export interface LessonAt {
  classId: number;
  teacherId: number | null;
  classroomId: number | null;
  day: number;
  period: number;
  weekParity: WeekParity;
  /** An imported draft's activity: its own other lessons are not in its way, and its students are its atoms. */
  activityId: number | null;
}

/** Two lessons meet unless one is in odd weeks and the other in even weeks. */
const parityMeets = (alias: string, parity: WeekParity): SQL => sql`(${sql.raw(alias)}.week_parity = 'all' OR ${parity} = 'all' OR ${sql.raw(alias)}.week_parity = ${parity})`;

/**
 * The outside uses of the term's times: rows (kind, owner, day, period, what) where kind is 'teacher',
 * 'room' or 'class' (a class whose students attend it). `what` is named in the language.
 */
export function outsideUsesSql(termId: number, language: Language): SQL {
  const course = localName('co', language);
  return sql`
    SELECT 'teacher' AS kind, tc.teacher_id AS owner, l.day, l.period, tc.name AS what
      FROM teaching_classes tc JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
      WHERE tc.term_id = ${termId} AND tc.teacher_id IS NOT NULL
    UNION ALL
    SELECT 'room', tc.classroom_id, l.day, l.period, tc.name
      FROM teaching_classes tc JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
      WHERE tc.term_id = ${termId} AND tc.classroom_id IS NOT NULL
    UNION ALL
    SELECT 'teacher', es.teacher_id, es.day, es.period, ${course}
      FROM elective_sessions es JOIN courses co ON co.id = es.course_id
      WHERE es.term_id = ${termId} AND es.teacher_id IS NOT NULL
    UNION ALL
    SELECT 'room', es.classroom_id, es.day, es.period, ${course}
      FROM elective_sessions es JOIN courses co ON co.id = es.course_id
      WHERE es.term_id = ${termId} AND es.classroom_id IS NOT NULL
    UNION ALL
    SELECT DISTINCT 'class', s.class_id, es.day, es.period, ${course}
      FROM elective_sessions es JOIN courses co ON co.id = es.course_id
      JOIN elective_enrolments e ON e.session_id = es.id JOIN students s ON s.id = e.student_id
      WHERE es.term_id = ${termId}`;
}

interface Facts {
  termId: number;
  className: string;
  teacherName: string;
  roomName: string;
  classesAtOnce: number;
}

/**
 * The first conflict of a lesson placed at its day and period of a draft, in the language, or undefined.
 * `exceptLesson` is the lesson being moved (it does not meet itself).
 */
export async function lessonConflict(db: DbOrTx, draftId: number, lesson: LessonAt, exceptLesson: number, language: Language): Promise<string | undefined> {
  const { day, period } = lesson;
  const [facts] = await queryRows<Facts>(db, sql`
    SELECT d.term_id AS "termId", (SELECT name FROM classes WHERE id = ${lesson.classId}) AS "className",
      coalesce((SELECT name FROM staff WHERE id = ${lesson.teacherId}), '') AS "teacherName",
      coalesce(cr.name, '') AS "roomName", coalesce(cr.classes_at_once, 1) AS "classesAtOnce"
    FROM timetable_drafts d LEFT JOIN classrooms cr ON cr.id = ${lesson.classroomId}
    WHERE d.id = ${draftId}`);
  if (!facts) return undefined;
  const slot = (await slotNames(db, language))(day, period);
  const t = (key: string, params: Record<string, string | number>) => translate(language, key, { ...params, day: slot.day, period: slot.period });
  const course = localName('co', language);
  const lessonWhat = sql`${course} || ' · ' || c.name`;
  const activityId = lesson.activityId ?? 0;
  const myAtoms = sql`(SELECT atoms FROM timetable_draft_activities WHERE id = ${activityId})`;
  // The lessons of the draft at that time, except the one moved and the other lessons of its own activity.
  const others = sql`timetable_draft_lessons o JOIN courses co ON co.id = o.course_id JOIN classes c ON c.id = o.class_id
    LEFT JOIN timetable_draft_activities oa ON oa.id = o.activity_id
    WHERE o.draft_id = ${draftId} AND o.id <> ${exceptLesson} AND o.day = ${day} AND o.period = ${period} AND ${parityMeets('o', lesson.weekParity)}
      AND (o.activity_id IS NULL OR o.activity_id <> ${activityId})`;

  // Two parts of one class that share no students (FET's subgroups) may be taught at once; students in two
  // imported activities at once clash whatever their classes.
  const [classBusy] = await queryRows<{ what: string }>(db, sql`
    SELECT ${course} AS what FROM ${others}
      AND ((o.class_id = ${lesson.classId} AND (oa.atoms IS NULL OR ${myAtoms} IS NULL OR oa.atoms && ${myAtoms})) OR oa.atoms && ${myAtoms})
    LIMIT 1`);
  if (classBusy) return t('arrange.classBusy', { class: facts.className, what: classBusy.what });
  const outside = sql`(${outsideUsesSql(facts.termId, language)}) u WHERE u.day = ${day} AND u.period = ${period}`;
  const [studentsBusy] = await queryRows<{ what: string }>(db, sql`SELECT u.what FROM ${outside} AND u.kind = 'class' AND u.owner = ${lesson.classId} LIMIT 1`);
  if (studentsBusy) return t('arrange.studentsBusy', { class: facts.className, what: studentsBusy.what });

  if (lesson.teacherId) {
    const [teacherBusy] = await queryRows<{ what: string }>(db, sql`
      SELECT ${lessonWhat} AS what FROM ${others} AND o.teacher_id = ${lesson.teacherId}
      UNION ALL SELECT u.what FROM ${outside} AND u.kind = 'teacher' AND u.owner = ${lesson.teacherId}
      LIMIT 1`);
    if (teacherBusy) return t('arrange.teacherBusy', { teacher: facts.teacherName, what: teacherBusy.what });
    const [unavailable] = await queryRows(db, sql`
      SELECT 1 FROM teacher_unavailable_periods WHERE term_id = ${facts.termId} AND staff_id = ${lesson.teacherId} AND day = ${day} AND period = ${period}`);
    if (unavailable) return t('arrange.teacherUnavailable', { teacher: facts.teacherName });
  }

  if (lesson.classroomId) {
    // A room holds classes_at_once classes at a time: the lessons already there, in the draft and outside.
    // The classes of one activity are one use of the room.
    const uses = await queryRows<{ what: string }>(db, sql`
      SELECT what FROM (SELECT DISTINCT ON (coalesce(o.activity_id, -o.id)) ${lessonWhat} AS what FROM ${others} AND o.classroom_id = ${lesson.classroomId}) d
      UNION ALL SELECT u.what FROM ${outside} AND u.kind = 'room' AND u.owner = ${lesson.classroomId}
      LIMIT ${facts.classesAtOnce}`);
    if (uses.length >= facts.classesAtOnce) return t('arrange.roomBusy', { room: facts.roomName, what: uses[0]!.what });
  }
  return undefined;
}

/**
 * Every conflict of a whole draft, in the language (the check before publishing): each pair of lessons that
 * meet once, each lesson against the rest of the term, each room over its classes at once.
 */
export async function draftConflicts(db: DbOrTx, draftId: number, termId: number, language: Language): Promise<string[]> {
  const slot = await slotNames(db, language);
  const course = localName('co', language);
  const rows = await queryRows<{ key: string; day: number; period: number; params: Record<string, string> }>(db, sql`
    WITH l AS (
      SELECT d.id, d.class_id, d.teacher_id, d.classroom_id, d.day, d.period, d.week_parity, c.name AS class_name, ${course} AS course_name,
        d.activity_id, a.atoms
      FROM timetable_draft_lessons d JOIN classes c ON c.id = d.class_id JOIN courses co ON co.id = d.course_id
        LEFT JOIN timetable_draft_activities a ON a.id = d.activity_id
      WHERE d.draft_id = ${draftId}
    ), pairs AS (
      SELECT a.*, b.class_id AS b_class, b.teacher_id AS b_teacher, b.course_name AS b_course, b.class_name AS b_class_name, b.atoms AS b_atoms
      FROM l a JOIN l b ON b.day = a.day AND b.period = a.period AND b.id > a.id
        AND (a.week_parity = 'all' OR b.week_parity = 'all' OR a.week_parity = b.week_parity)
        AND (a.activity_id IS NULL OR b.activity_id IS NULL OR a.activity_id <> b.activity_id)
    ), outside AS (${outsideUsesSql(termId, language)})
    SELECT 'arrange.classBusy' AS key, day, period, jsonb_build_object('class', class_name, 'what', b_course) AS params FROM pairs
      WHERE (b_class = class_id AND (atoms IS NULL OR b_atoms IS NULL OR atoms && b_atoms)) OR atoms && b_atoms
    UNION ALL
    SELECT 'arrange.teacherBusy', p.day, p.period, jsonb_build_object('teacher', st.name, 'what', p.b_course || ' · ' || p.b_class_name)
      FROM pairs p JOIN staff st ON st.id = p.teacher_id WHERE p.b_teacher = p.teacher_id
    UNION ALL
    SELECT 'arrange.studentsBusy', l.day, l.period, jsonb_build_object('class', l.class_name, 'what', o.what)
      FROM l JOIN outside o ON o.kind = 'class' AND o.owner = l.class_id AND o.day = l.day AND o.period = l.period
    UNION ALL
    SELECT 'arrange.teacherBusy', l.day, l.period, jsonb_build_object('teacher', st.name, 'what', o.what)
      FROM l JOIN outside o ON o.kind = 'teacher' AND o.owner = l.teacher_id AND o.day = l.day AND o.period = l.period JOIN staff st ON st.id = l.teacher_id
    UNION ALL
    SELECT 'arrange.teacherUnavailable', l.day, l.period, jsonb_build_object('teacher', st.name)
      FROM l JOIN teacher_unavailable_periods u ON u.term_id = ${termId} AND u.staff_id = l.teacher_id AND u.day = l.day AND u.period = l.period JOIN staff st ON st.id = l.teacher_id
    UNION ALL
    SELECT 'arrange.roomBusy', r.day, r.period, jsonb_build_object('room', cr.name, 'what', r.what)
      FROM (SELECT classroom_id, day, period, count(DISTINCT use) AS uses, min(what) AS what FROM (
              SELECT classroom_id, day, period, 'l' || coalesce(activity_id, -id) AS use, course_name || ' · ' || class_name AS what FROM l WHERE classroom_id IS NOT NULL
              UNION ALL SELECT owner, day, period, 'o' || row_number() OVER (), what FROM outside WHERE kind = 'room') x
            GROUP BY classroom_id, day, period) r
      JOIN classrooms cr ON cr.id = r.classroom_id
      WHERE r.uses > cr.classes_at_once
        AND EXISTS (SELECT 1 FROM l WHERE l.classroom_id = r.classroom_id AND l.day = r.day AND l.period = r.period)
    ORDER BY 2, 3`);
  // A clash of a combined lesson is met once per class it holds: each message once.
  const messages = rows.map((row) => {
    const names = slot(row.day, row.period);
    const params = typeof row.params === 'string' ? (JSON.parse(row.params) as Record<string, string>) : row.params;
    return translate(language, row.key, { ...params, day: names.day, period: names.period });
  });
  return [...new Set(messages)];
}
