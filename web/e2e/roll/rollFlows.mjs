// Browser flows of 学籍管理 (学籍异动管理 /xjgl/xjyd), appended to the flows of flows.mjs.
import { api } from '../api.mjs';
import { assert, until } from '../flows.mjs';
import { assertEnglish, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { answerOf, watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'roll';
const shot = (page, name) => shotOf(page, name, AREA);
const openDropdown = (page, kind) => page.locator(`.ant-${kind}-dropdown:not(.ant-${kind}-dropdown-hidden)`).last();

/** A student of the class T0002 leads with no roll change on file (not the demo student 201911001, whom other flows use). */
async function freeStudentOfTheClass(page, base) {
  const students = await api(page, base, 'T0002', '/api/roll/changes/students', { keyword: '' });
  const changes = await api(page, base, 'T0002', '/api/roll/changes/page', { currPage: 0, limit: 500, search: {} });
  assert(students.result && changes.result, `the class teacher's students and changes: ${JSON.stringify(students).slice(0, 200)}`);
  const busy = new Set(changes.data.rows.map((row) => row.studentId));
  const student = students.data.find((s) => s.classId && s.enrolmentStatus === '1' && s.inSchoolStatus === '1' && !busy.has(s.id) && s.studentNumber !== '201911001');
  assert(student, 'a student of the class without a roll change');
  return student;
}

/** The rows the student list (/rygl/xsxx) finds for a keyword. */
async function studentListFinds(page, base, keyword) {
  await page.goto(`${base}/rygl/xsxx`);
  const list = page.getByTestId('students-page');
  await list.waitFor();
  await list.getByTestId('students-keyword').fill(keyword);
  const answered = page.waitForResponse((r) => r.url().includes('/api/students/page') || r.url().includes('/student'), { timeout: 30_000 }).catch(() => null);
  await list.getByTestId('query-header-search').click();
  await answered;
  await page.waitForTimeout(300);
  return list.getByTestId('student-name-link').allInnerTexts();
}

/** The lessons the student timetable page (/kbgl/xskb) shows for a student account this week. */
async function timetableOf(page, base, account) {
  await page.goto(`${base}/kbgl/xskb`);
  const search = page.locator('input[data-testid="timetable-student-account"], [data-testid="timetable-student-account"] input').first();
  await search.fill(account);
  await search.press('Enter');
  const view = page.getByTestId('timetable');
  await view.getByTestId('timetable-grid').waitFor();
  return view;
}

export const rollFlows = [
  {
    name: 'roll: the class teacher files a transfer-out; once approved it takes effect: the student leaves the class list and the timetable shows them no lessons',
    async run({ page, context, base, browser }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'T0002');
      const student = await freeStudentOfTheClass(page, base);

      // Before: the class list has the student, and their timetable (the office looks it up) has lessons.
      await until(async () => (await studentListFinds(page, base, student.studentNumber)).includes(student.name), `the class list finds ${student.name}`, 20_000);
      const office = await browser.newContext({ locale: 'en-US' });
      const admin = await office.newPage();
      await signIn(admin, office, base, 'admin', 'en');
      const before = await timetableOf(admin, base, student.studentNumber);
      await until(async () => (await before.getByTestId('timetable-course').count()) > 0, `${student.name} has lessons this week`, 20_000);

      // The class teacher files the change through the form.
      await page.goto(`${base}/xjgl/xjyd`);
      await page.getByTestId('roll-changes-page').waitFor();
      await page.getByTestId('roll-new').click();
      const dialog = page.getByTestId('roll-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('roll-form-student').click();
      await page.keyboard.type(student.studentNumber);
      const option = openDropdown(page, 'select').locator('.ant-select-item-option').filter({ hasText: student.name }).first();
      await option.waitFor();
      await option.click();
      await dialog.getByTestId('roll-form-student-facts').waitFor();
      await dialog.getByTestId('roll-form-kind-transferOut').click();
      await dialog.getByTestId('roll-form-school').fill('杭州市西湖区实验中学');
      await dialog.getByTestId('roll-form-reason').fill(`随父母工作调动转学 ${String(Date.now()).slice(-5)}`);
      await shot(page, 'transfer-form');
      const created = answerOf(page, '/api/roll/changes/create');
      await page.getByTestId('roll-dialog-ok').click();
      const answer = await (await created).json();
      assert(answer.result === true, `the change is filed: ${JSON.stringify(answer).slice(0, 300)}`);
      const id = answer.data.id;
      await page.getByTestId(`roll-view-${id}`).waitFor();
      await shot(page, 'transfer-pending');

      // The division director and the academic office approve (the review page is covered by the applications flows).
      const director = await browser.newContext({ locale: 'zh-CN' });
      try {
        const approver = await director.newPage();
        await signIn(approver, director, base, 'T0001');
        const decided = await api(approver, base, 'T0001', '/api/applications/review/decide', { ids: [id], decision: 'approve', comment: '' });
        assert(decided.result === true, `the division director approves: ${JSON.stringify(decided).slice(0, 300)}`);
      } finally {
        await director.close();
      }
      const decided = await api(admin, base, 'admin', '/api/applications/review/decide', { ids: [id], decision: 'approve', comment: '' });
      assert(decided.result === true, `the academic office approves: ${JSON.stringify(decided).slice(0, 300)}`);

      // It took effect today: the list says so, the class list no longer has the student.
      await page.goto(`${base}/xjgl/xjyd?id=${id}`);
      const detail = page.getByTestId('roll-detail');
      await detail.waitFor();
      await until(async () => (await detail.getByTestId('roll-effect').first().innerText()).includes('已生效'), 'the change has taken effect');
      await shot(page, 'transfer-effective');
      await until(async () => !(await studentListFinds(page, base, student.studentNumber)).includes(student.name), `the class list no longer has ${student.name}`, 20_000);
      await shot(page, 'class-list-after');

      // The administrator looks up the student's timetable again: no class, no lessons.
      try {
        const after = await timetableOf(admin, base, student.studentNumber);
        await after.getByTestId('timetable-none').waitFor({ timeout: 20_000 });
        assert((await after.getByTestId('timetable-course').count()) === 0, 'no lessons after the transfer');
        await admin.goto(`${base}/xjgl/xjyd?id=${id}`);
        await admin.getByTestId('roll-detail').waitFor();
        await until(async () => (await admin.getByTestId('roll-detail').innerText()).includes('Transfer out'), 'the detail in English');
        const view = await api(admin, base, 'admin', '/api/roll/changes/get', { id });
        const data = view.data;
        const dataTexts = [data.subjectName, data.className, data.applicantName, data.reason, data.details.fromClassName, data.details.toClassName, data.details.school, student.studentNumber, ...data.trail.map((entry) => entry.deciderName), ...data.trail.flatMap((entry) => entry.approverNames)];
        await assertEnglish(admin, 'the roll change detail', { dataTexts });
        await shot(admin, 'transfer-detail-en');
      } finally {
        await office.close();
      }
      assert(errors.length === 0, `uncaught errors: ${errors.join(' | ')}`);
    },
  },
];
