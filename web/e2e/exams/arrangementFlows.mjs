// Browser flows of 考场安排 and 监考安排 (/kwgl/kcap, /kwapjt/room, /kwgl/jkap, /kwapjt/pk), appended to flows.mjs.
import { readFileSync } from 'node:fs';
import { api } from '../api.mjs';
import { assert, until } from '../flows.mjs';
import { assertEnglish, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { answerOf, watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'exams';
const shot = (page, name) => shotOf(page, name, AREA);

/** A new unpublished exam of 初三 with two subjects on one December day, planned through the API. */
async function planExam(page, base) {
  const options = await api(page, base, 'admin', '/api/exams/batches/options', {});
  const term = options.data.terms.find((item) => item.isCurrent);
  const grade = options.data.grades.find((item) => item.name === '初三');
  const course = (name) => options.data.courses.find((item) => item.name === name).id;
  const created = await api(page, base, 'admin', '/api/exams/batches/create', {
    termId: term.id,
    gradeId: grade.id,
    name: `初三十二月测验${String(Date.now()).slice(-5)}`,
    category: 'monthly',
    level: 'school',
    weightPercent: 0,
    scoreSystem: 100,
    passLine: 60,
    subjects: [
      { courseId: course('数学'), examDate: '2026-12-16', startTime: '08:30', endTime: '10:00' },
      { courseId: course('物理'), examDate: '2026-12-16', startTime: '10:30', endTime: '11:30' },
    ],
    classIds: options.data.classes.filter((item) => item.gradeId === grade.id).map((item) => item.id),
    remarks: '',
  });
  assert(created.result === true, `the exam is planned: ${JSON.stringify(created).slice(0, 300)}`);
  return created.data.id;
}

export const arrangementFlows = [
  {
    name: 'exams: the office arranges an exam’s rooms and invigilators automatically and downloads the seat list as a PDF; the student sees only their own seat on a phone',
    async run({ page, context, base, browser }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      const batchId = await planExam(page, base);

      // Rooms: four classrooms of 致远楼 with 40 seats each.
      await page.goto(`${base}/kwapjt/room?batchId=${batchId}`);
      await page.getByTestId('room-arrangement-page').waitFor();
      await page.getByTestId('exam-arrange').click();
      const dialog = page.getByTestId('exam-arrange-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('exam-arrange-filter').locator('input').fill('致远楼');
      const rows = dialog.getByTestId('exam-arrange-rooms').locator('tbody tr.ant-table-row');
      await until(async () => (await rows.count()) >= 4, 'classrooms to choose from', 20_000);
      for (let index = 0; index < 4; index++) await rows.nth(index).locator('input[type=checkbox]').check();
      await dialog.locator('[data-testid="exam-arrange-seats-per-room"] input, input[data-testid="exam-arrange-seats-per-room"]').first().fill('40');
      await shot(page, 'arrange-dialog');
      const [arranged] = await Promise.all([answerOf(page, '/api/exams/rooms/arrange'), page.getByTestId('exam-arrange-ok').click()]);
      const arrangeAnswer = await arranged.json();
      assert(arrangeAnswer.result === true && arrangeAnswer.data.rooms === 4, `the rooms are arranged: ${JSON.stringify(arrangeAnswer).slice(0, 300)}`);
      const table = page.getByTestId('exam-rooms-table');
      await until(async () => (await table.locator('tbody tr.ant-table-row').count()) === 4, 'four rooms listed', 20_000);
      await shot(page, 'rooms-arranged');

      // The seat list as a PDF.
      await page.getByTestId('exam-sheets').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('exam-sheets-seats').click()]);
      const file = await download.path();
      assert(file && readFileSync(file).subarray(0, 5).toString() === '%PDF-', 'the seat list downloads as a PDF');
      assert(download.suggestedFilename().endsWith('.pdf'), `a .pdf file name: ${download.suggestedFilename()}`);

      // Invigilators: the proposed pool saved as it is, then arranged automatically.
      await page.goto(`${base}/kwapjt/pk?batchId=${batchId}`);
      await page.getByTestId('invigilation-arrangement').waitFor();
      await page.getByTestId('invigilation-settings-open').click();
      const settings = page.getByTestId('invigilation-settings');
      await settings.waitFor();
      await until(async () => (await settings.getByTestId('invigilation-pool').locator('tbody tr.ant-table-row').count()) > 3, 'the proposed pool', 20_000);
      const [saved] = await Promise.all([answerOf(page, '/api/exams/invigilation/settings/save'), page.getByTestId('invigilation-settings-ok').click()]);
      assert((await saved.json()).result === true, 'the settings are saved');
      await page.getByTestId('invigilation-arrange').click();
      const [duties] = await Promise.all([answerOf(page, '/api/exams/invigilation/arrange'), page.locator('.ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm-buttons .ant-btn-primary').last().click()]);
      const dutyAnswer = await duties.json();
      assert(dutyAnswer.result === true && dutyAnswer.data.assigned >= 8, `invigilators are arranged: ${JSON.stringify(dutyAnswer).slice(0, 300)}`);
      const sessions = await api(page, base, 'admin', '/api/exams/invigilation/sessions', { batchId });
      assert(sessions.data.every((s) => s.invigilators.length >= s.needed), 'every session has its invigilators');
      await shot(page, 'invigilation-arranged');

      // Published, the exam's arrangement is fixed; the demo student sees their own seat of the published
      // mid-term on a phone, in English, and nobody else's.
      const published = await api(page, base, 'admin', '/api/exams/batches/publish', { ids: [batchId], published: true });
      assert(published.result === true, 'the exam is published');
      const studentNumber = '201911001';
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const student = await phone.newPage();
        await signIn(student, phone, base, studentNumber, 'en');
        await student.goto(`${base}/kwgl/kcap`);
        const cards = student.getByTestId('exam-seat-card');
        await until(async () => (await cards.count()) >= 1, "the student's seat cards", 20_000);
        const mine = await api(student, base, studentNumber, '/api/exams/rooms/mine', {});
        const text = await student.getByTestId('my-exam-seats-page').innerText();
        assert(text.includes(`Room ${mine.data[0].roomNumber}`), `the card names the room: ${text.slice(0, 300)}`);
        const width = await student.evaluate(() => document.documentElement.scrollWidth);
        assert(width <= 392, `no sideways scrolling at 390 px (${width})`);
        await assertEnglish(student, 'my exam seats', {
          dataTexts: mine.data.flatMap((seat) => [seat.batchName, seat.classroomName, seat.building, seat.termName, ...seat.subjects.map((subject) => subject.courseName)]),
        });
        await shotOf(student, 'student-seat-phone', AREA);
        // The lists stay the office's.
        const refused = await api(student, base, studentNumber, '/api/exams/rooms/list', { batchId });
        assert(refused.result === false, 'a student cannot read the room lists');
      } finally {
        await phone.close();
      }
      assert(errors.length === 0, `no page errors: ${errors.join(' | ')}`);
    },
  },
];
