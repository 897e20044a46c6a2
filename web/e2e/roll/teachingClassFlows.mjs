// Browser flows of 教学班分配 (/xjgl/jxbfp), appended to the flows of flows.mjs.
import { api } from '../api.mjs';
import { assert, until } from '../flows.mjs';
import { assertEnglish, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { answerOf, watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'roll';
const shot = (page, name) => shotOf(page, name, AREA);
const openDropdown = (page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

/** Picks an option of an Ant Design select by typing part of its label. */
async function choose(page, select, text) {
  await select.click();
  await page.keyboard.type(text);
  const option = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
  // The choice shows in the closed select before the next field is touched.
  await until(async () => (await select.innerText()).includes(text), `${text} is chosen`, 10_000);
}

/** The form's validation messages, to say why a save sent nothing. */
async function formErrors(dialog) {
  return (await dialog.locator('.ant-form-item-explain-error').allInnerTexts()).join('; ') || 'none shown';
}

export const teachingClassFlows = [
  {
    name: "roll: the office saves a teaching class, then adds students from two classes; a student's timetable shows it; a teacher sees only their own, read-only",
    async run({ page, context, base, browser }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xjgl/jxbfp`);
      const list = page.getByTestId('teaching-classes-page');
      await list.waitFor();
      await until(async () => (await list.innerText()).includes('初二数学A层'), 'the seeded levelled maths classes are listed', 20_000);
      await shot(page, 'teaching-classes');

      // Saved first: course, grade and one weekly lesson (Wednesday, period 8), no teacher or room yet.
      const name = `初一英语拓展${String(Date.now()).slice(-5)}`;
      await page.getByTestId('manage-add').click();
      const dialog = page.getByTestId('teaching-class-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('teaching-form-name').fill(name);
      await choose(page, dialog.getByTestId('teaching-form-course'), '英语');
      await choose(page, dialog.getByTestId('teaching-form-grade'), '初一');
      const lesson = dialog.getByTestId('teaching-lesson-3-8');
      await lesson.click();
      await until(async () => (await dialog.locator('td:has([data-testid="teaching-lesson-3-8"]) .ant-checkbox-checked').count()) === 1, 'the lesson is ticked', 10_000);
      await shot(page, 'teaching-class-form');
      const [created] = await Promise.all([
        answerOf(page, '/api/roll/teachingClasses/create').catch(async (error) => {
          await shot(page, 'teaching-class-form-unsent');
          throw new Error(`the save sent nothing (form errors: ${await formErrors(dialog)}): ${error.message}`);
        }),
        page.getByTestId('teaching-class-dialog-ok').click(),
      ]);
      const answer = await created.json();
      assert(answer.result === true, `the teaching class is saved: ${JSON.stringify(answer).slice(0, 300)}`);
      const id = answer.data.id;

      // The second step: add students drawn from two administrative classes.
      await page.getByTestId('teaching-created-students').click();
      const panel = page.getByTestId('teaching-students');
      await panel.waitFor();
      await panel.getByTestId('teaching-members-add').click();
      const chooser = page.getByTestId('teaching-add');
      await chooser.waitFor();
      // The grade's classes (three) are listed as they are: no typing.
      await chooser.getByTestId('teaching-add-classes').click();
      for (const className of ['初一(1)班', '初一(2)班']) await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: className }).first().click();
      await page.keyboard.press('Escape');
      const candidates = chooser.getByTestId('teaching-candidates');
      await until(async () => (await candidates.locator('tbody tr.ant-table-row').count()) >= 50, 'the candidates of both classes', 20_000);
      const rows = candidates.locator('tbody tr.ant-table-row');
      const count = await rows.count();
      for (const index of [0, 1, count - 2, count - 1]) await rows.nth(index).locator('input[type=checkbox]').check();
      await shot(page, 'teaching-class-candidates');
      // The panel's buttons are in its footer, outside the chooser's body.
      const [added] = await Promise.all([answerOf(page, '/api/roll/teachingClasses/students/add'), page.getByTestId('teaching-add-ok').click()]);
      const addAnswer = await added.json();
      assert(addAnswer.result === true && addAnswer.data.count === 4, `four students added: ${JSON.stringify(addAnswer).slice(0, 300)}`);
      await until(async () => (await panel.getByTestId('teaching-members-table').locator('tbody tr.ant-table-row').count()) === 4, 'the class lists its four students');
      await shot(page, 'teaching-class-students');

      const members = await api(page, base, 'admin', '/api/roll/teachingClasses/students/page', { currPage: 0, limit: 10, search: { teachingClassId: id } });
      assert(members.result && new Set(members.data.rows.map((m) => m.className)).size === 2, `students of two classes: ${JSON.stringify(members).slice(0, 300)}`);

      // The student's week shows the teaching class (its name is the cell's label).
      const student = members.data.rows[0];
      await page.goto(`${base}/kbgl/xskb`);
      const search = page.locator('input[data-testid="timetable-student-account"], [data-testid="timetable-student-account"] input').first();
      await search.fill(student.studentNumber);
      await search.press('Enter');
      const view = page.getByTestId('timetable');
      await view.getByTestId('timetable-grid').waitFor();
      await until(async () => (await view.innerText()).includes(name), `${student.studentName}'s timetable shows ${name}`, 20_000);
      await shot(page, 'teaching-class-timetable');

      // The same list in English shows no Chinese apart from the data.
      const office = await browser.newContext({ locale: 'en-US' });
      try {
        const english = await office.newPage();
        watchErrors(english, errors);
        await signIn(english, office, base, 'admin', 'en');
        await english.goto(`${base}/xjgl/jxbfp`);
        await english.getByTestId('teaching-classes-page').waitFor();
        await until(async () => (await english.getByTestId('teaching-classes-page').locator('tbody tr.ant-table-row').count()) > 0, 'the English list');
        const page1 = await api(english, base, 'admin', '/api/roll/teachingClasses/page', { currPage: 0, limit: 50, search: {} });
        const dataTexts = page1.data.rows.flatMap((row) => [row.name, row.termName, row.courseName, row.gradeName, row.teacherName, row.classroomName, ...row.sourceClasses]);
        await assertEnglish(english, 'the teaching classes', { dataTexts });
        await shotOf(english, 'teaching-classes-en', AREA);
      } finally {
        await office.close();
      }

      // A teacher sees the class they teach, and changes nothing.
      const teacherContext = await browser.newContext({ locale: 'zh-CN' });
      try {
        const teacher = await teacherContext.newPage();
        watchErrors(teacher, errors);
        await signIn(teacher, teacherContext, base, 'T0001');
        await teacher.goto(`${base}/xjgl/jxbfp`);
        const own = teacher.getByTestId('teaching-classes-page');
        await own.waitFor();
        await until(async () => (await own.locator('tbody tr.ant-table-row').count()) === 1, "the teacher's one teaching class");
        assert((await own.innerText()).includes('初二数学A层'), 'the teacher sees 初二数学A层');
        assert((await teacher.getByTestId('manage-add').count()) === 0, 'no add button for a teacher');
        await shotOf(teacher, 'teaching-classes-teacher', AREA);
      } finally {
        await teacherContext.close();
      }
      // Tidy up: the class leaves the timetables of the students other flows look at.
      await api(page, base, 'admin', '/api/roll/teachingClasses/students/remove', { teachingClassId: id, studentIds: members.data.rows.map((m) => m.studentId) });
      assert(errors.length === 0, `uncaught errors: ${errors.join(' | ')}`);
    },
  },
];
