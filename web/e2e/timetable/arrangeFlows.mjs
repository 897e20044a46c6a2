// Browser flows of 排课管理 (/kbgl/pkgl, issue 16), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { LED_CLASS, assertEnglish, pickOption, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';
import { api } from '../api.mjs';

const ARRANGE = '/api/timetable/arrange';

/** Opens 排课管理 and waits for the drafts list. */
async function openArrange(page, base) {
  await page.goto(`${base}/kbgl/pkgl`);
  await page.getByTestId('arrange-drafts').waitFor();
  await page.locator('[data-testid^="arrange-draft-open-"]').first().waitFor();
}

/** Creates a draft on the screen (it opens in the editor); answers its id. */
async function newDraft(page, name, from) {
  await page.getByTestId('arrange-draft-add').click();
  const dialog = page.getByTestId('arrange-draft-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('arrange-draft-name').fill(name);
  await dialog.getByTestId(`arrange-draft-from-${from}`).click();
  await page.getByTestId('arrange-draft-dialog-ok').click();
  const editor = page.getByTestId('arrange-editor');
  await until(async () => (await page.getByTestId('arrange-editor-name').innerText()).trim() === name, `the editor opens on "${name}"`, 15_000);
  return Number(await editor.getAttribute('data-draft-id'));
}

/** The lessons of the grid on screen: id, cell and odd/even weeks. */
const gridLessons = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="arrange-grid"] [data-lesson-id]')].map((el) => ({
      id: el.getAttribute('data-lesson-id'),
      parity: el.getAttribute('data-parity'),
      cell: el.closest('td')?.getAttribute('data-testid') ?? '',
    })),
  );

/** A small FET file naming the demo school's grade, one of its classes, a teacher and a room, and things it lacks. */
function fetFile({ grade, className, teacher, room }) {
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
  const hours = ['1', '2', '3', '4'];
  const activity = (id, who, subject, students, duration) =>
    `<Activity><Teacher>${who}</Teacher><Subject>${subject}</Subject><Students>${students}</Students><Duration>${duration}</Duration><Total_Duration>${duration}</Total_Duration><Id>${id}</Id><Activity_Group_Id>0</Activity_Group_Id><Active>true</Active></Activity>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<fet version="6.8.5">
<Institution_Name>E2E FET school</Institution_Name>
<Days_List><Number_of_Days>5</Number_of_Days>${days.map((d) => `<Day><Name>${d}</Name></Day>`).join('')}</Days_List>
<Hours_List><Number_of_Hours>4</Number_of_Hours>${hours.map((h) => `<Hour><Name>${h}</Name></Hour>`).join('')}</Hours_List>
<Teachers_List><Teacher><Name>${teacher}</Name></Teacher><Teacher><Name>Visiting teacher</Name></Teacher></Teachers_List>
<Subjects_List><Subject><Name>Astronomy</Name></Subject></Subjects_List>
<Students_List><Year><Name>${grade}</Name><Number_of_Students>60</Number_of_Students>
  <Group><Name>${className}</Name><Number_of_Students>30</Number_of_Students></Group>
  <Group><Name>FET New 1</Name><Number_of_Students>30</Number_of_Students></Group>
</Year></Students_List>
<Rooms_List><Room><Name>${room}</Name><Building></Building><Capacity>60</Capacity><Virtual>false</Virtual></Room>
<Room><Name>FET Lab</Name><Building></Building><Capacity>30</Capacity><Virtual>false</Virtual></Room></Rooms_List>
<Activities_List>
${activity(1, teacher, 'Astronomy', grade, 1)}
${activity(2, 'Visiting teacher', 'Astronomy', 'FET New 1', 2)}
</Activities_List>
<Time_Constraints_List><ConstraintBasicCompulsoryTime><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsoryTime></Time_Constraints_List>
<Space_Constraints_List><ConstraintActivityPreferredRoom><Weight_Percentage>100</Weight_Percentage><Activity_Id>2</Activity_Id><Room>FET Lab</Room><Permanently_Locked>true</Permanently_Locked><Active>true</Active></ConstraintActivityPreferredRoom></Space_Constraints_List>
</fet>`;
}

export const timetableArrangeFlows = [
  {
    name: 'timetable arrangement: the office generates an empty draft in 5 seconds, reads the report, publishes it after the conflict check, and the student timetable shows its lessons',
    // Publishing replaces the term's timetable, which later flows of a lane rely on: this flow has a server
    // (and database) of its own. The variable itself means nothing to the server.
    env: { E2E_OWN_DATABASE: 'timetable-arrangement-publish' },
    async run({ page, context, browser, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      await openArrange(page, base);
      const name = `E2E 生成${String(Date.now()).slice(-4)}`;
      const id = await newDraft(page, name, 'empty');
      assert((await page.getByTestId('arrange-editor-status').innerText()).includes('编辑中'), 'a new draft is being edited');

      // Generate within 5 seconds: the progress shows while it runs, then the report.
      await page.getByTestId('arrange-generate').click();
      const dialog = page.getByTestId('arrange-generate-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('arrange-generate-seconds').fill('5');
      await page.getByTestId('arrange-generate-ok').click();
      await until(async () => (await page.getByTestId('arrange-editor').getAttribute('data-status')) === 'generating' || (await page.getByTestId('arrange-report').isVisible()), 'the generation starts', 15_000);
      await page.getByTestId('arrange-report').waitFor({ timeout: 120_000 });
      const placed = (await page.getByTestId('arrange-report-placed').innerText()).match(/(\d+)\s*\/\s*(\d+)/);
      assert(placed && Number(placed[1]) > 0 && Number(placed[1]) / Number(placed[2]) > 0.9, `the report says most hours are placed: ${placed?.[0]}`);
      assert((await page.getByTestId('arrange-editor').getAttribute('data-status')) === 'editing', 'the draft can be edited again');
      await page.getByTestId('arrange-grid').waitFor();
      assert((await page.locator('[data-testid="arrange-grid"] [data-lesson-id]').count()) > 0, 'the class grid shows the generated lessons');
      await shotOf(page, 'arrange-generated', 'timetable');

      // Publish: the confirmation lists the conflicts first (none), then the draft is the term's timetable.
      await page.getByTestId('arrange-editor-publish').click();
      const confirm = page.getByTestId('arrange-publish-confirm');
      await confirm.waitFor();
      assert((await confirm.getAttribute('data-conflicts')) === '0', 'the generated draft has no conflict');
      await page.getByTestId('arrange-publish-ok').click();
      await until(async () => (await page.getByTestId('arrange-editor').getAttribute('data-status')) === 'published', 'the draft reads as published', 15_000);
      await page.getByTestId('arrange-readonly').waitFor();
      assert((await page.getByTestId('arrange-grid').getAttribute('data-editable')) === 'false', 'a published draft cannot be dragged');

      // The draft's lessons of the demo student's class, as the office sees them.
      const options = (await api(page, base, 'admin', `${ARRANGE}/options`, {})).data;
      const klass = options.classes.find((c) => c.name === LED_CLASS);
      assert(klass, `${LED_CLASS} is a class of the term`);
      const grid = (await api(page, base, 'admin', `${ARRANGE}/drafts/grid`, { id, kind: 'class', ownerId: klass.id })).data;
      const every = grid.lessons.filter((l) => l.weekParity === 'all');
      assert(every.length > 10, `${LED_CLASS} has its lessons in the draft (${every.length})`);

      // The student 201911001 sees them in their timetable.
      const student = await browser.newContext({ viewport: { width: 1366, height: 820 } });
      const studentPage = watchErrors(await student.newPage(), errors);
      await signIn(studentPage, student, base, '201911001');
      await studentPage.goto(`${base}/kbgl/xskb`);
      const view = studentPage.getByTestId('timetable');
      await view.getByTestId('timetable-grid').waitFor();
      await until(async () => (await view.getByTestId('timetable-course').count()) > 0, 'the student timetable shows lessons', 15_000);
      const shown = await studentPage.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('[data-testid="timetable-grid"] td[data-slot]')].map((td) => [
            td.getAttribute('data-slot'),
            [...td.querySelectorAll('.campus-timetable-course-name')].map((el) => el.firstChild?.textContent ?? ''),
          ]),
        ),
      );
      const found = every.filter((l) => (shown[`${l.day}|${l.period}`] ?? []).some((course) => course.includes(l.courseName)));
      // This week's class swaps (other flows' and the seed's) may move a few lessons; the rest are where the draft put them.
      assert(found.length / every.length >= 0.8, `the student's week is the published draft (${found.length} of ${every.length} lessons where it put them)`);
      await shotOf(studentPage, 'arrange-student-timetable', 'timetable');
      await student.close();
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: "timetable arrangement: in English, a lesson of a copy of the published timetable dragged in a teacher's view onto another of their lessons is refused with the server's message and stays where it was",
    async run({ page, context, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin', 'en');
      await openArrange(page, base);
      const name = `E2E drag ${String(Date.now()).slice(-4)}`;
      const id = await newDraft(page, name, 'published');
      try {
        await page.getByTestId('arrange-grid').waitFor();
        assert((await page.locator('[data-testid="arrange-grid"] [data-lesson-id]').count()) > 0, 'the copy has the published lessons');

        // The teacher T0001's week.
        await page.getByTestId('arrange-view-teacher').click();
        await pickOption(page, page.getByTestId('arrange-owner'), 'T0001');
        await until(async () => (await page.getByTestId('arrange-grid').getAttribute('data-kind')) === 'teacher' && (await gridLessons(page)).length > 1, "T0001's lessons are shown", 15_000);
        await assertEnglish(page, 'the editor in English', {
          dataSelectors: ['.arrange-lesson', '.arrange-busy', '[data-testid="arrange-editor-name"]', '.arrange-unplaced-list', '.arrange-report-unplaced', '.arrange-owner', '.ant-select-dropdown', 'span[aria-live]'],
          dataTexts: [name],
        });
        await shotOf(page, 'arrange-teacher-view-en', 'timetable');

        // One of their lessons dragged onto the time of another (every week both): the teacher is busy then.
        const lessons = await gridLessons(page);
        const from = lessons.find((l) => l.parity === 'all');
        const onto = lessons.find((l) => l.cell !== from?.cell && lessons.filter((o) => o.cell === l.cell).every((o) => o.parity === 'all'));
        assert(from && onto, 'two lessons of T0001 at different times');
        const card = page.getByTestId(`arrange-lesson-${from.id}`);
        await card.dragTo(page.getByTestId(onto.cell));
        const refusal = page.locator('.ant-message-notice').filter({ hasText: 'Class time conflict' });
        await refusal.first().waitFor({ timeout: 15_000 });
        const message = await refusal.first().innerText();
        assert(/^Class time conflict, please change: /.test(message.trim()), `the server's message: ${message}`);
        await page.waitForTimeout(500);
        assert((await page.getByTestId(from.cell).getByTestId(`arrange-lesson-${from.id}`).count()) === 1, 'the lesson stays where it was');
        assert((await page.getByTestId(onto.cell).getByTestId(`arrange-lesson-${from.id}`).count()) === 0, 'and is not where it was dropped');
        const teacher = (await api(page, base, 'admin', `${ARRANGE}/options`, {})).data.teachers.find((t) => t.staffNumber === 'T0001');
        const after = (await api(page, base, 'admin', `${ARRANGE}/drafts/grid`, { id, kind: 'teacher', ownerId: teacher.id })).data;
        const kept = after.lessons.find((l) => String(l.id) === from.id);
        assert(kept && `arrange-cell-${kept.day}-${kept.period}` === from.cell, 'the draft keeps the lesson where it was');

        // The click alternative: picked, then the same busy time clicked: refused the same way (the pick stays
        // for another try); Escape gives up.
        await page.getByTestId(`arrange-lesson-pick-${from.id}`).click();
        await Promise.all([page.waitForResponse((response) => response.url().endsWith('/drafts/move')), page.getByTestId(onto.cell.replace('arrange-cell-', 'arrange-target-')).click()]);
        await refusal.first().waitFor();
        assert((await page.getByTestId(from.cell).getByTestId(`arrange-lesson-${from.id}`).count()) === 1, 'the lesson still stays where it was');
        await page.keyboard.press('Escape');
        await until(async () => (await page.locator('[data-testid^="arrange-target-"]').count()) === 0, 'Escape gives up the pick');
      } finally {
        await api(page, base, 'admin', `${ARRANGE}/drafts/delete`, { ids: [id] });
      }
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'timetable arrangement: in English, the office imports a FET file (a class and a course created, a teacher without a record), generates the imported draft and every activity is placed, the combined lesson in both classes at once',
    // The import creates a class, a course and a classroom: a database of its own keeps them out of other flows.
    env: { E2E_OWN_DATABASE: 'timetable-fet-import' },
    async run({ page, context, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin', 'en');
      const options = (await api(page, base, 'admin', `${ARRANGE}/options`, {})).data;
      const klass = options.classes[0];
      const grade = options.grades.find((g) => g.id === klass.gradeId);
      const teacher = options.teachers.find((t) => t.staffNumber === 'T0001');
      const room = options.classrooms.find((r) => options.classrooms.filter((o) => o.name === r.name).length === 1);
      await openArrange(page, base);
      await page.getByTestId('arrange-fet-import').click();
      const dialog = page.getByTestId('arrange-fet-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('arrange-fet-upload').locator('input[type=file]').setInputFiles({
        name: 'e2e-school.fet',
        mimeType: 'application/xml',
        buffer: Buffer.from(fetFile({ grade: grade.name, className: klass.name, teacher: teacher.name, room: room.name })),
      });
      await dialog.getByTestId('arrange-fet-summary').waitFor({ timeout: 20_000 });
      const summary = await dialog.getByTestId('arrange-fet-summary').innerText();
      assert(/E2E FET school/.test(summary), `the summary names the institution: ${summary}`);
      await assertEnglish(page, 'the FET preview in English', { dataSelectors: ['.ant-table-tbody', '.ant-select', '[data-testid="arrange-fet-name"]', '[data-testid="arrange-fet-file-name"]'] });

      // The teacher without a staff record is flagged on the teachers' tab.
      await dialog.getByTestId('arrange-fet-tab-teachers').click();
      await dialog.getByTestId('arrange-fet-teachers-1-unmatched').waitFor();
      await shotOf(page, 'arrange-fet-preview', 'timetable');
      const name = `E2E FET ${String(Date.now()).slice(-4)}`;
      await dialog.getByTestId('arrange-fet-name').fill(name);
      await page.getByTestId('arrange-fet-ok').click();
      await until(async () => (await page.getByTestId('arrange-editor-name').innerText().catch(() => '')).trim() === name, `the imported draft "${name}" opens in the editor`, 20_000);
      const id = Number(await page.getByTestId('arrange-editor').getAttribute('data-draft-id'));
      const draft = (await api(page, base, 'admin', `${ARRANGE}/drafts/get`, { id })).data;
      assert(draft.source === 'fet' && draft.unplacedCount === 3, `an imported draft with its 3 hours to place: ${JSON.stringify(draft)}`);

      // Generate: both activities placed, the combined one in both classes at the same time.
      await page.getByTestId('arrange-generate').click();
      await page.getByTestId('arrange-generate-dialog').getByTestId('arrange-generate-seconds').fill('5');
      await page.getByTestId('arrange-generate-ok').click();
      await page.getByTestId('arrange-report').waitFor({ timeout: 120_000 });
      const reportText = await page.getByTestId('arrange-report-placed').innerText();
      assert(/\b3\b.*\b3\b/.test(reportText), `the report says every hour is placed: ${reportText}`);
      const report = (await api(page, base, 'admin', `${ARRANGE}/drafts/get`, { id })).data.report;
      assert(report.placed === 3 && report.total === 3 && report.unplaced.length === 0, `every hour placed: ${JSON.stringify(report)}`);
      const grid = (await api(page, base, 'admin', `${ARRANGE}/drafts/grid`, { id, kind: 'class', ownerId: klass.id })).data;
      const astronomy = grid.lessons.filter((l) => l.courseName === 'Astronomy');
      assert(astronomy.length === 1 && astronomy[0].activityId, `the existing class has the combined Astronomy lesson: ${JSON.stringify(astronomy)}`);
      const partners = (await api(page, base, 'admin', `${ARRANGE}/drafts/conflicts`, { id })).data;
      assert(partners.length === 0, `the imported draft has no conflict: ${partners.join('; ')}`);
      await shotOf(page, 'arrange-fet-generated', 'timetable');
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
