// Browser flows of 调课申请 / 补课申请 (issue 16), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { assertEnglish, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';
import { api } from '../api.mjs';

export const lessonChangeFlows = [
  {
    name: "timetable: a teacher's class-swap requests in every status in English; a new swap is checked on the class's week grid, saved and submitted after confirming; the office passes it and the class's week changes",
    async run({ page, context, browser, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'T0001', 'en');
      await page.goto(`${base}/kbgl/tksq`);
      await page.getByTestId('lesson-change-page-swap').waitFor();
      const list = page.locator('.page-view:visible .ant-table-tbody');
      await until(async () => (await list.innerText()).includes('Passed'), 'the seeded requests are listed');
      const text = await list.innerText();
      for (const status of ['Passed', 'Not passed', 'Not submitted', 'Awaiting class teacher review', 'Awaiting academic office review']) assert(text.includes(status), `a request is "${status}"`);

      // A swap the server accepts, found through the check call, then made on the screen.
      const options = (await api(page, base, 'T0001', '/api/timetable/swaps/options', {})).data;
      const term = options.terms.find((t) => t.id === options.termId);
      // This week, which the form offers first (the seeded requests are for the next two weeks).
      const week = term.currentWeek;
      let chosen = null;
      for (const klass of options.classes) {
        const lessons = (await api(page, base, 'T0001', '/api/timetable/swaps/options', { termId: options.termId, classId: klass.id, week })).data.lessons;
        for (const from of lessons.filter((l) => l.mine)) {
          for (const to of lessons.filter((l) => !l.mine)) {
            const form = { termId: options.termId, classId: klass.id, week, fromDay: from.day, fromPeriod: from.period, toDay: to.day, toPeriod: to.period, reason: 'check' };
            if ((await api(page, base, 'T0001', '/api/timetable/swaps/check', form)).data?.ok) chosen = { klass, from, to };
            if (chosen) break;
          }
          if (chosen) break;
        }
        if (chosen) break;
      }
      assert(chosen, 'some swap of T0001 has no conflict');
      await page.getByTestId('manage-add').click();
      const dialog = page.getByTestId('lesson-change-dialog');
      await dialog.waitFor();
      const pick = async (testId, label) => {
        await dialog.getByTestId(testId).click();
        const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: label }).first();
        await option.waitFor();
        await option.click();
      };
      await pick('lesson-change-class', chosen.klass.name);
      await dialog.getByTestId(`lesson-change-pick-${chosen.from.day}-${chosen.from.period}`).click();
      await dialog.getByTestId(`lesson-change-pick-${chosen.to.day}-${chosen.to.period}`).click();
      await dialog.getByTestId('lesson-change-reason').fill('Attending the district teaching-research day');
      await page.getByTestId('lesson-change-check').click();
      await until(async () => (await page.getByTestId('lesson-change-move').count()) === 4, 'the check lists the four moves');
      await assertEnglish(page, 'the swap dialog in English', { dataSelectors: ['.lesson-change-grid', '.lesson-change-lesson'], dataTexts: [chosen.klass.name, chosen.from.courseName, chosen.to.courseName, chosen.from.teacherName, chosen.to.teacherName] });
      await shotOf(page, 'swap-dialog', 'timetable');
      await page.getByTestId('lesson-change-save-submit').click();
      // Submitting asks for confirmation (spec 4).
      const confirm = page.locator('.ant-modal-confirm .ant-btn-primary');
      await confirm.waitFor();
      await confirm.click();
      await until(async () => !(await dialog.isVisible()), 'the dialog closes once submitted');
      const mine = (await api(page, base, 'T0001', '/api/timetable/swaps/page', { currPage: 0, limit: 20 })).data.rows.find((r) => r.week === week && r.classId === chosen.klass.id);
      assert(mine?.status === 'classTeacher', 'the new request awaits the class teacher');

      // The office decides both steps (it may decide any application), and that week of the class changes.
      const office = await browser.newContext({ reducedMotion: 'reduce' });
      const officePage = await office.newPage();
      await signIn(officePage, office, base, 'admin');
      for (let step = 0; step < 2; step++) {
        const decided = await api(officePage, base, 'admin', '/api/applications/review/decide', { ids: [mine.applicationId], decision: 'approve', comment: '同意' });
        assert(decided.result, `step ${step + 1} is approved: ${decided.msg}`);
      }
      await office.close();
      const after = (await api(page, base, 'T0001', '/api/timetable/swaps/options', { termId: options.termId, classId: chosen.klass.id, week })).data.lessons;
      const at = (day, period) => after.find((l) => l.day === day && l.period === period)?.courseName;
      assert(at(chosen.to.day, chosen.to.period) === chosen.from.courseName, 'the lesson moved to its new time');
      assert(at(chosen.from.day, chosen.from.period) === chosen.to.courseName, 'the other lesson took its place');
      await page.goto(`${base}/kbgl/tksq`);
      await until(async () => (await page.getByTestId(`lesson-change-status-${mine.id}`).innerText()).includes('Passed'), 'the request reads as passed');
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
