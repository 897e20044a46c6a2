// Browser flows of 录取管理 (/lqgl/index) and 分班管理 (/fbgl/index) (issue 16), appended to the flows of flows.mjs.
import { api } from '../api.mjs';
import { assert, until } from '../flows.mjs';
import { assertEnglish, pickOption, scrollsSideways, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';

const AREA = 'roll';
const shot = (page, name) => shotOf(page, name, AREA);
const GRADE = '高一';

/** Waits until the page's table has loaded (no spinner). */
async function settled(page, testId) {
  await until(async () => (await page.locator(`[data-testid="${testId}"] .ant-spin-spinning`).count()) === 0, `${testId} has loaded`, 20_000);
}

/** Each class's number of added students in the preview. */
const addedCounts = async (page) => (await page.locator('[data-testid^="division-added-"]').allInnerTexts()).map((text) => Number(text.trim()));

export const admissionFlows = [
  {
    name: "roll admission and class division: the office admits 高一's latest intake at a score line of 600, previews an even division into the grade's classes and applies it",
    // Admitting and placing change the demo registrations that later flows of a lane may read: this flow has a
    // server (and database) of its own. The variable itself means nothing to the server.
    env: { E2E_OWN_DATABASE: 'roll-admission-division' },
    async run({ page, context, base }) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, context, base, 'admin');
      const options = (await api(page, base, 'admin', '/api/roll/admission/options', {})).data;
      const year = Math.max(...options.years);
      assert(Number.isInteger(year), `the intake years are known: ${JSON.stringify(options.years)}`);

      // 录取管理: 高一's latest intake, highest score first, with its summary.
      await page.goto(`${base}/lqgl/index`);
      await page.getByTestId('admission-page').waitFor();
      await pickOption(page, page.getByTestId('admission-search-grade'), GRADE);
      await pickOption(page, page.getByTestId('admission-search-year'), String(year));
      await page.getByTestId('query-header-search').click();
      await settled(page, 'admission-page');
      await until(async () => Number(await page.getByTestId('admission-summary-pending').innerText()) > 0, 'the intake has waiting registrations', 20_000);
      assert(!(await scrollsSideways(page)), 'the admission page does not scroll sideways at 1280 px');
      await shot(page, 'admission');

      // The score line: the dialog takes the grade and year of the search; the answer is shown.
      await page.getByTestId('admission-line').click();
      const dialog = page.getByTestId('admission-line-dialog');
      await dialog.waitFor();
      await until(async () => (await dialog.innerText()).includes(GRADE) && (await dialog.innerText()).includes(String(year)), 'the dialog has the grade and year of the search');
      await dialog.getByTestId('admission-line-value').fill('600');
      await shot(page, 'admission-line');
      await page.getByTestId('admission-line-dialog-ok').click();
      const result = page.getByTestId('admission-line-result');
      await result.waitFor();
      const message = await result.innerText();
      assert(/按分数线600：录取\d+人，未录取\d+人/.test(message), `the line's answer is shown: ${message}`);
      await until(async () => (await page.getByTestId('admission-summary-pending').innerText()).trim() === '0', 'no registration of the intake is waiting any more', 20_000);

      // The list filtered to the waiting ones is empty.
      await pickOption(page, page.getByTestId('admission-search-status'), '待录取');
      await page.getByTestId('query-header-search').click();
      await settled(page, 'admission-page');
      await until(async () => (await page.locator('[data-testid="admission-page"] .ant-table-row').count()) === 0, 'the waiting list is empty', 20_000);
      await page.getByTestId('query-header-reset').click();
      await settled(page, 'admission-page');
      await shot(page, 'admission-line-applied');

      // 分班管理: 高一, that year, all its classes; the preview gives every class the same number within one.
      await page.goto(`${base}/fbgl/index`);
      await page.getByTestId('division-page').waitFor();
      await pickOption(page, page.getByTestId('division-grade'), GRADE);
      await pickOption(page, page.getByTestId('division-year'), String(year));
      const classes = page.getByTestId('division-classes');
      await classes.waitFor();
      const classCount = await classes.locator('input[type=checkbox]').count();
      assert(classCount > 0 && (await classes.locator('input[type=checkbox]:checked').count()) === classCount, `all ${classCount} classes of ${GRADE} are chosen by default`);
      await page.getByTestId('division-preview').click();
      await page.getByTestId('division-classes-table').waitFor();
      const added = await addedCounts(page);
      assert(added.length === classCount, `a row per class: ${added.length} of ${classCount}`);
      assert(Math.max(...added) - Math.min(...added) <= 1, `each class gets the same number within one: ${added.join(', ')}`);
      const total = Number(await page.getByTestId('division-count').innerText());
      assert(total === added.reduce((a, b) => a + b, 0) && total > 0, `the placements add up: ${total}`);
      assert(!(await scrollsSideways(page)), 'the division page does not scroll sideways at 1280 px');
      await shot(page, 'division-preview');

      await page.getByTestId('division-apply').click();
      await page.getByTestId('division-apply-ok').click();
      const applied = page.getByTestId('division-applied');
      await applied.waitFor({ timeout: 20_000 });
      const appliedText = await applied.innerText();
      assert(new RegExp(`已将${total}名学生分入\\d+个班级`).test(appliedText), `the division's answer is shown: ${appliedText}`);
      await shot(page, 'division-applied');

      // The placed show their class on 录取管理.
      const placed = (await api(page, base, 'admin', '/api/roll/admission/page', { currPage: 0, limit: 200, search: { gradeId: options.grades.find((g) => g.name === GRADE).id, entryYear: year, admission: 'admitted' } })).data;
      assert(placed.rows.filter((row) => !row.enrolled).every((row) => row.className), 'every admitted registration of the intake has a class');

      // In English: no Chinese but the data (class names, grade names, people).
      await context.addCookies([{ name: 'language', value: 'en', url: base }]);
      await page.goto(`${base}/fbgl/index`);
      await page.getByTestId('division-page').waitFor();
      await pickOption(page, page.getByTestId('division-grade'), 'Grade 10');
      await page.getByTestId('division-preview').click();
      await until(async () => (await page.getByTestId('division-classes-table').isVisible()) || (await page.getByTestId('division-refusal').isVisible()), 'the preview answers', 20_000);
      await assertEnglish(page, 'the division page', { dataSelectors: ['.division-classes .ant-checkbox-label'] });
      await shot(page, 'division-en');
      await page.goto(`${base}/lqgl/index`);
      await page.getByTestId('admission-page').waitFor();
      await settled(page, 'admission-page');
      await assertEnglish(page, 'the admission page');
      await shot(page, 'admission-en');
    },
  },
];
