import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';

/**
 * 期末评价 demo data (issue 15): last term's moral and comment themes filled for every junior class and
 * released; this term's health theme closed and released, the moral and comment themes open with 初二(1)班
 * (T0002's) about half filled, and the art theme not started yet.
 */

interface ItemSeed {
  name: string;
  kind: 'text' | 'enum' | 'number';
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  precision?: number;
  options?: string[];
}

interface ThemeSeed {
  term: string;
  name: string;
  type: string;
  grades: string[];
  start: string;
  end: string;
  released: boolean;
  remarks: string;
  items: ItemSeed[];
  /** Which students have it filled in: 'all' of its grades, 'half' of 初二(1)班, or none. */
  filled: 'all' | 'half' | 'none';
}

const LEVELS = ['优秀', '良好', '合格', '待合格'];
const JUNIOR = ['G07', 'G08', 'G09'];

const THEMES: ThemeSeed[] = [
  {
    term: '2025-2026-2', name: '思想品德评价', type: 'moral', grades: JUNIOR, start: '2026-06-22', end: '2026-07-08', released: true, filled: 'all',
    remarks: '依据日常行为规范与德育记录评定。',
    items: [
      { name: '品德等级', kind: 'enum', required: true, options: LEVELS },
      { name: '集体意识', kind: 'enum', required: true, options: LEVELS },
      { name: '德育加分', kind: 'number', min: 0, max: 10, precision: 1 },
    ],
  },
  {
    term: '2025-2026-2', name: '班主任评语', type: 'comment', grades: JUNIOR, start: '2026-06-22', end: '2026-07-08', released: true, filled: 'all',
    remarks: '期末评语，随成绩报告单发给家长。',
    items: [{ name: '评语', kind: 'text', required: true, maxLength: 300 }],
  },
  {
    term: '2026-2027-1', name: '体质健康测评', type: 'health', grades: JUNIOR, start: '2026-10-08', end: '2026-11-20', released: true, filled: 'all',
    remarks: '数据来自秋季体质健康测试。',
    items: [
      { name: '身高(cm)', kind: 'number', required: true, min: 120, max: 200, precision: 1 },
      { name: '体重(kg)', kind: 'number', required: true, min: 25, max: 120, precision: 1 },
      { name: '体测总分', kind: 'number', required: true, min: 0, max: 100, precision: 0 },
      { name: '心理状态', kind: 'enum', options: ['积极', '稳定', '需关注'] },
    ],
  },
  {
    term: '2026-2027-1', name: '思想品德评价', type: 'moral', grades: JUNIOR, start: '2026-11-16', end: '2027-01-22', released: false, filled: 'half',
    remarks: '依据日常行为规范与德育记录评定。',
    items: [
      { name: '品德等级', kind: 'enum', required: true, options: LEVELS },
      { name: '集体意识', kind: 'enum', required: true, options: LEVELS },
      { name: '德育加分', kind: 'number', min: 0, max: 10, precision: 1 },
      { name: '备注', kind: 'text', maxLength: 100 },
    ],
  },
  {
    term: '2026-2027-1', name: '班主任评语', type: 'comment', grades: JUNIOR, start: '2026-11-16', end: '2027-01-22', released: false, filled: 'half',
    remarks: '期末评语，随成绩报告单发给家长。',
    items: [{ name: '评语', kind: 'text', required: true, maxLength: 300 }],
  },
  {
    term: '2026-2027-1', name: '艺术素养评价', type: 'art', grades: ['G07', 'G08'], start: '2027-01-04', end: '2027-01-22', released: false, filled: 'none',
    remarks: '音乐、美术课程的期末评价。',
    items: [
      { name: '音乐', kind: 'enum', required: true, options: ['A', 'B', 'C', 'D'] },
      { name: '美术', kind: 'enum', required: true, options: ['A', 'B', 'C', 'D'] },
      { name: '艺术特长', kind: 'text', maxLength: 50 },
    ],
  },
];

const COMMENTS = [
  '该生学习态度端正，上课认真听讲，作业完成及时。希望在新学期继续保持，多参加集体活动。',
  '思维活跃，乐于发言，与同学相处融洽。数学进步明显，语文阅读还需加强积累。',
  '做事踏实认真，担任小组长尽职尽责。希望课堂上更大胆地表达自己的想法。',
  '热爱劳动，关心集体，运动会上为班级争得荣誉。学习上要注意细节，减少粗心。',
  '文静懂事，书写工整，英语成绩优秀。希望加强体育锻炼，劳逸结合。',
];

const USUAL: Record<string, [number, number]> = { '身高(cm)': [148, 176], '体重(kg)': [38, 66], '体测总分': [62, 96], '德育加分': [2, 9] };

/** A student's answer to an item, the same at every seed. */
function answerOf(item: ItemSeed, studentId: number, index: number): string | number | null {
  const pick = (studentId * 7 + index * 13) % 100;
  if (item.kind === 'enum') return item.options![pick < 45 ? 0 : pick < 80 ? 1 : pick < 96 ? 2 : Math.min(3, item.options!.length - 1)]!;
  if (item.kind === 'number') {
    // A junior student's usual figures, not the whole range the item allows.
    const [low, high] = USUAL[item.name] ?? [item.min!, item.max!];
    return Number((low + (pick / 100) * (high - low)).toFixed(item.precision ?? 0));
  }
  if (item.name === '评语') return COMMENTS[studentId % COMMENTS.length]!;
  return pick < 30 ? '无' : null;
}

export async function seedEvaluation(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM evaluation_themes) AS any`);
  if (done?.any) return;
  const [teacher] = await queryRows<{ userId: number }>(tx, sql`SELECT id AS "userId" FROM users WHERE account = 'T0002'`);
  const [demoClass] = await queryRows<{ id: number }>(tx, sql`
    SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002' ORDER BY c.id LIMIT 1`);
  for (const theme of THEMES) {
    const [term] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE code = ${theme.term}`);
    const grades = await queryRows<{ id: number }>(tx, sql`SELECT id FROM grades WHERE code IN (${sql.join(theme.grades.map((code) => sql`${code}`), sql`, `)})`);
    if (!term || grades.length === 0) continue;
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO evaluation_themes (term_id, name, type, fill_start, fill_end, released, released_at, remarks)
      VALUES (${term.id}, ${theme.name}, ${theme.type}, ${theme.start}, ${theme.end}, ${theme.released},
        ${theme.released ? sql`(${theme.end}::date + 1)::timestamptz` : sql`NULL`}, ${theme.remarks}) RETURNING id`);
    const themeId = created!.id;
    await tx.execute(sql`INSERT INTO evaluation_theme_grades (theme_id, grade_id) VALUES ${sql.join(grades.map((grade) => sql`(${themeId}, ${grade.id})`), sql`, `)}`);
    const itemIds: number[] = [];
    for (const [index, item] of theme.items.entries()) {
      const [row] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO evaluation_items (theme_id, name, kind, required, max_length, min_value, max_value, precision, options, sort)
        VALUES (${themeId}, ${item.name}, ${item.kind}, ${item.required ?? false}, ${item.maxLength ?? null}, ${item.min ?? null}, ${item.max ?? null},
          ${item.kind === 'number' ? (item.precision ?? 0) : null}, ${item.options ? JSON.stringify(item.options) : null}::jsonb, ${index})
        RETURNING id`);
      itemIds.push(row!.id);
    }
    if (theme.filled === 'none' || !demoClass) continue;
    const students = await queryRows<{ id: number; classId: number; classTeacherUserId: number | null }>(tx, sql`
      SELECT s.id, s.class_id AS "classId", st.user_id AS "classTeacherUserId"
      FROM students s JOIN classes c ON c.id = s.class_id LEFT JOIN staff st ON st.id = c.class_teacher_id
      WHERE ${theme.filled === 'all' ? sql`c.grade_id IN (${sql.join(grades.map((grade) => sql`${grade.id}`), sql`, `)})` : sql`c.id = ${demoClass.id}`}
      ORDER BY s.student_number`);
    const chosen = theme.filled === 'all' ? students : students.filter((_, index) => index % 2 === 0);
    const rows = chosen.map((student) => {
      const answers: Record<string, string | number> = {};
      theme.items.forEach((item, index) => {
        const value = answerOf(item, student.id, index);
        if (value !== null) answers[String(itemIds[index])] = value;
      });
      const by = theme.filled === 'half' ? (teacher?.userId ?? null) : student.classTeacherUserId;
      const at = theme.filled === 'half' ? sql`now() - interval '2 days'` : sql`(${theme.end}::date - 2)::timestamptz`;
      return sql`(${themeId}, ${student.id}, ${student.classId}, ${JSON.stringify(answers)}::jsonb, ${by}, ${at})`;
    });
    for (let start = 0; start < rows.length; start += 500) {
      await tx.execute(sql`
        INSERT INTO evaluation_entries (theme_id, student_id, class_id, answers, updated_by, updated_at) VALUES ${sql.join(rows.slice(start, start + 500), sql`, `)}`);
    }
  }
}
