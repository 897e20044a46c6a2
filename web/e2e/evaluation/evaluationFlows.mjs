// Browser flows of 学生评价 (Student evaluation, issue 15), appended to the flows of flows.mjs.
import { readFile } from 'node:fs/promises';
import { assert, until } from '../flows.mjs';
import { assertEnglish, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { answerOf, watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'evaluation';
const PHONE_VIEW = { width: 390, height: 844 };
const openDropdown = (page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
const scrollsSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/** Picks an option of an antd Select found by `select`. */
async function choose(page, select, text) {
  await select.click();
  const option = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
}

export const evaluationFlows = [
  {
    name: "evaluation: the class teacher fills a student's end-of-term evaluation in the grid, the office releases it, and the parent reads it on a phone and downloads the quality report as a PDF",
    async run({ page, context, base, browser }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'T0002');
      const [sheetAnswer] = await Promise.all([answerOf(page, '/api/evaluation/fill/sheet'), page.goto(`${base}/xspj/qmpjtx`)]);
      const sheet = (await sheetAnswer.json()).data;
      await page.getByTestId('evaluation-fill-grid').waitFor();
      assert(sheet.theme.name === '思想品德评价', `the open moral theme comes first: ${sheet.theme.name}`);
      assert(sheet.editable, 'the period is open');
      // The demo student (张小明, first by number) is among those not filled yet, or is refilled.
      const row = sheet.rows.find((r) => r.studentNumber === '201911001');
      assert(row, 'the demo student is on the sheet');
      const [level, collective, bonus] = sheet.theme.items;
      const cell = (item) => page.getByTestId(`evaluation-cell-${row.studentId}-${item.id}`);
      await choose(page, cell(level), '优秀');
      await choose(page, cell(collective), '良好');
      // A number out of range is shown at once and not saved.
      const input = cell(bonus).locator('input').first().or(cell(bonus)).first();
      await input.fill('12');
      await page.getByTestId(`evaluation-cell-${row.studentId}-${bonus.id}-problem`).waitFor();
      await input.fill('8.5');
      await until(async () => (await page.getByTestId(`evaluation-cell-${row.studentId}-${bonus.id}-problem`).count()) === 0, 'the problem clears');
      await shotOf(page, 'fill-grid', AREA);
      const [saved] = await Promise.all([answerOf(page, '/api/evaluation/fill/save'), page.getByTestId('evaluation-fill-save').click()]);
      const savedBody = await saved.json();
      assert(savedBody.result === true, `the row is saved: ${JSON.stringify(savedBody).slice(0, 300)}`);
      await page.evaluate(() => localStorage.clear());
      await context.clearCookies();

      // The office releases the theme to families.
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xspj/qmpjwh`);
      await page.getByTestId('evaluation-themes-table').waitFor();
      const release = page.getByTestId(`evaluation-theme-release-${sheet.theme.id}`);
      await release.waitFor();
      await release.click();
      const [released] = await Promise.all([
        answerOf(page, '/api/evaluation/themes/release'),
        page.locator('.ant-modal-confirm .ant-btn-primary').last().click(),
      ]);
      assert((await released.json()).result === true, 'the theme is released');
      await page.getByTestId(`evaluation-theme-withdraw-${sheet.theme.id}`).waitFor();

      // The parent, on a phone in English: the released theme with the class teacher's answers, and the PDF.
      const family = await browser.newContext({ viewport: PHONE_VIEW, deviceScaleFactor: 2, isMobile: true, hasTouch: true, acceptDownloads: true });
      try {
        const phone = watchErrors(await family.newPage(), errors);
        await signIn(phone, family, base, 'jz201911001', 'en');
        await phone.goto(`${base}/xspj/zhszbg`);
        await phone.getByTestId('quality-report-page').waitFor();
        const theme = phone.getByTestId(`quality-theme-${sheet.theme.id}`);
        await theme.waitFor({ timeout: 20_000 });
        const text = await theme.innerText();
        assert(text.includes('优秀') && text.includes('8.5'), `the parent reads the answers: ${text.slice(0, 200)}`);
        assert(!(await scrollsSideways(phone)), 'the report does not scroll sideways on a phone');
        // Data stays as entered: names, themes and their answers, records' contents, exam and class names.
        await assertEnglish(phone, 'the quality report', {
          dataSelectors: ['.quality-theme-filled', '.report-student-name', '.report-student-facts', '.quality-theme-name', '.quality-item-name', '.quality-item-value', '.report-list-value', '.report-list-title', '.report-list-aside', '.my-scores-batches'],
        });
        await shotOf(phone, 'quality-report-phone', AREA);
        const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByTestId('report-pdf').click()]);
        const bytes = await readFile(await download.path());
        assert(bytes.subarray(0, 5).toString() === '%PDF-', 'the download is a PDF');
        assert(/\.pdf$/.test(download.suggestedFilename()), `a .pdf name: ${download.suggestedFilename()}`);
      } finally {
        await family.close();
      }
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
