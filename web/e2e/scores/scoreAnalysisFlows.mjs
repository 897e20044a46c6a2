// Browser flows of 成绩分析 (/cjfxNew/cjfx/cjxq), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { assertEnglish, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'scores';
const shot = (page, name) => shotOf(page, name, AREA);
const openDropdown = (page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
/** Last term's final of 初二, released and analysed by the seed. */
const FINAL = '2025-2026学年第二学期初二期末成绩';

async function choose(page, select, text) {
  await select.click();
  const option = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
  await until(async () => (await select.innerText()).includes(text), `${text} is chosen`, 10_000);
}

const rowsOf = (table) => table.locator('.ant-table-tbody tr.ant-table-row');

export const scoreAnalysisFlows = [
  {
    name: "scores: the office reads a released exam's analysis (grade, classes, ranking); a class teacher opens a student's trend in English",
    async run({ page, context, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/cjfxNew/cjfx/cjxq`);
      await page.getByTestId('score-analysis-page').waitFor();
      await choose(page, page.getByTestId('score-analysis-term'), '2025-2026');
      await choose(page, page.getByTestId('score-analysis-batch'), FINAL);
      const grade = page.getByTestId('score-analysis-grade-table');
      await grade.waitFor();
      await until(async () => (await rowsOf(grade).count()) >= 4, 'the subjects and the total are listed');
      assert((await rowsOf(grade).last().innerText()).includes('总分'), 'the total closes the grade table');

      await page.getByTestId('score-analysis-tab-classes').click();
      const classes = page.getByTestId('score-analysis-classes-table');
      await classes.waitFor();
      await until(async () => (await rowsOf(classes).count()) >= 2, 'the classes are compared');

      await page.getByTestId('score-analysis-tab-ranking').click();
      const ranking = page.getByTestId('score-analysis-ranking-table');
      await ranking.waitFor();
      await until(async () => (await rowsOf(ranking).count()) >= 5, 'the ranking lists students');
      assert((await rowsOf(ranking).first().innerText()).trim().startsWith('1'), 'the ranking starts at place 1');
      await shot(page, 'analysis-ranking');
      await page.evaluate(() => localStorage.clear());
      await context.clearCookies();

      // The class teacher: no grade ranking, their own class's students, a student's trend, all in English.
      await signIn(page, context, base, 'T0002', 'en');
      await page.goto(`${base}/cjfxNew/cjfx/cjxq`);
      await page.getByTestId('score-analysis-page').waitFor();
      await choose(page, page.getByTestId('score-analysis-term'), '2025-2026');
      await page.getByTestId('score-analysis-grade-table').waitFor();
      assert((await page.getByTestId('score-analysis-batch').innerText()).includes('初二'), "the class teacher's own exam opens first");
      assert((await page.getByTestId('score-analysis-tab-ranking').count()) === 0, 'no grade ranking without its right');
      await page.getByTestId('score-analysis-tab-class').click();
      const own = page.getByTestId('score-analysis-class-table');
      await own.waitFor();
      await until(async () => (await rowsOf(own).count()) >= 10, "the class's students are listed");
      await own.locator('[data-testid^="score-analysis-student-link-"]').first().click();
      await page.getByTestId('score-analysis-student-head').waitFor();
      await page.getByTestId('score-analysis-trend').waitFor();
      // Data left out: the exam's facts (its node), the student's name and class, the charts' exam names.
      await assertEnglish(page, 'the student analysis in English', {
        dataSelectors: ['[data-testid="score-analysis-facts"]', '[data-testid="score-analysis-student-head"]', '[data-testid="score-analysis-trend"]', '[data-testid="score-analysis-strengths"]'],
        dataTexts: ['初二(1)班', FINAL],
      });
      await shot(page, 'analysis-student-en');
      assert(errors.length === 0, `no page errors: ${errors.join(' | ')}`);
    },
  },
];
