// Browser flows of 走班管理 (/zbgl/*, issue 16), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { assertEnglish, scrollsSideways, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'electives';
const BATCH = '高一选科（3+1+2）';
const DUPLICATE = '走班编号重复，请重新输入';
const LOST = '参数丢失，请从管理页面重新进入';

/** The page shown (kept-alive tabs hide the others). */
const view = (page) => page.locator('.page-view:visible');

/** Opens 走班管理 and answers the id of the batch named `name`. */
async function batchId(page, base, name) {
  await page.goto(`${base}/zbgl/zbpc`);
  const cell = view(page).locator('[data-testid^="shift-batch-name-"]', { hasText: name }).first();
  await cell.waitFor();
  return Number((await cell.getAttribute('data-testid')).split('-').at(-1));
}

export const shiftFlows = [
  {
    name: 'class shifting: the office forms a grade of 1,200 students’ choices into classes (every student placed, no clash), publishes them, is refused a duplicate shift number, and a batch page without its batch says the parameters are lost',
    // Publishing makes teaching classes and lessons in the term's timetables, which later flows of a lane rely
    // on: this flow has a server (and database) of its own, whose demo 高一 is grown to 1,200 students with
    // their choices (DEMO_SHIFT_GRADE_SIZE), the size.
    env: { DEMO_SHIFT_GRADE_SIZE: '1200' },
    async run({ page, context, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      const id = await batchId(page, base, BATCH);
      assert(!(await scrollsSideways(page)), 'the batches list fits the window');
      await shotOf(page, 'shift-batches', AREA);

      // The batch's blocks page, opened from its row.
      await view(page).getByTestId(`shift-open-blocks-${id}`).click();
      await page.waitForURL(new RegExp(`/zbgl/pkzbjgl\\?batchId=${id}$`));
      const blocks = view(page).getByTestId('shift-blocks');
      await blocks.waitFor();
      assert((await view(page).getByTestId('shift-head-name').innerText()).includes(BATCH), 'the head names the batch');
      assert((await blocks.getAttribute('data-formation')) === 'none', 'the batch has no classes yet');
      assert((await view(page).locator('[data-testid^="shift-cell-"][data-block="1"]').count()) === 4, 'block 1 holds its four periods');

      // Form the classes: the progress while it runs, then the report.
      await view(page).getByTestId('shift-form').click();
      await page.getByTestId('shift-form-ok').click();
      await until(async () => (await blocks.getAttribute('data-formation')) === 'formed', 'the classes are formed', 150_000);
      const report = view(page).getByTestId('shift-report');
      await report.waitFor();
      const [placed, students, clashes] = await Promise.all(['data-placed', 'data-students', 'data-clashes'].map((name) => report.getAttribute(name)));
      // 1,200 students, of whom the demo's unchosen fifth of the first 126 have no choice to form.
      assert(Number(students) >= 1150 && placed === students, `every student is placed (${placed} / ${students})`);
      assert(clashes === '0', `no student has two classes in one block (${clashes})`);
      assert((await view(page).getByTestId('shift-report-no-clash').innerText()).includes('0'), 'the report shows 0 clashes');
      assert((await view(page).getByTestId('shift-report-placed').innerText()).includes(`${placed} / ${students}`), 'the report shows the students placed');
      assert((await view(page).getByTestId('shift-report-subjects').locator('tbody tr.ant-table-row').count()) === 6, 'the report has a row per subject');
      assert(!(await scrollsSideways(page)), 'the blocks page fits the window');
      await shotOf(page, 'shift-report', AREA);

      // Publish.
      await view(page).getByTestId('shift-publish').click();
      await page.getByTestId('shift-publish-ok').click();
      await until(async () => (await blocks.getAttribute('data-formation')) === 'published', 'the classes are published', 30_000);
      await view(page).getByTestId('shift-published-note').waitFor();

      // A class's number changed to another class's: refused in the dialog.
      await view(page).getByTestId('shift-nav-classes').click();
      await page.waitForURL(new RegExp(`/zbgl/bjgl\\?batchId=${id}$`));
      const numbers = view(page).locator('[data-testid^="shift-class-number-"]');
      await until(async () => (await numbers.count()) >= 2, 'the classes are listed', 15_000);
      const first = (await numbers.nth(0).getAttribute('data-testid')).split('-').at(-1);
      const other = (await numbers.nth(1).innerText()).trim();
      await view(page).getByTestId(`shift-class-edit-${first}`).click();
      const dialog = page.getByTestId('shift-class-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('shift-class-number').fill(other);
      await page.getByTestId('shift-class-dialog-ok').click();
      const refusal = page.getByTestId('shift-class-error');
      await refusal.waitFor();
      assert((await refusal.innerText()).includes(DUPLICATE), `the duplicate number is refused: ${await refusal.innerText()}`);
      await shotOf(page, 'shift-duplicate-number', AREA);
      await page.getByTestId('shift-class-dialog-cancel').click();

      // A batch page opened without its batch.
      await page.goto(`${base}/zbgl/bjxsgl`);
      const lost = view(page).getByTestId('shift-parameters-lost');
      await lost.waitFor();
      assert((await lost.innerText()).includes(LOST), 'the page says the parameters are lost');
      await view(page).getByTestId('shift-back-to-batches').click();
      await page.waitForURL(/\/zbgl\/zbpc$/);
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'class shifting: in English, the batches, a batch’s students and the change review read without Chinese labels, and a batch page without its batch says the parameters are lost',
    async run({ page, context, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin', 'en');
      const id = await batchId(page, base, BATCH);
      assert((await view(page).getByTestId(`shift-batch-status-${id}`).innerText()).trim() === 'In progress', 'the batch is in progress');
      await assertEnglish(page, 'the batches list');
      await view(page).getByTestId(`shift-open-students-${id}`).click();
      await view(page).getByTestId('shift-combinations').waitFor();
      await view(page).locator('[data-testid^="shift-student-edit-"]').first().waitFor();
      assert(!(await scrollsSideways(page)), 'the students page fits the window');
      // The batch's name, term and grade, and the subjects of the combinations are data.
      await assertEnglish(page, 'the students page', { dataSelectors: ['.shift-head-batch', '.shift-head-meta', '.shift-combinations'] });
      await shotOf(page, 'shift-students-en', AREA);
      await page.goto(`${base}/xkzysp/tzzy`);
      await view(page).getByTestId('shift-changes').waitFor();
      await assertEnglish(page, 'the change review');
      await page.goto(`${base}/zbgl/pkzbjgl?batchId=999999`);
      const lost = view(page).getByTestId('shift-parameters-lost');
      await lost.waitFor();
      assert((await lost.innerText()).includes('Parameters lost, re-enter from the management page'), 'an unknown batch: parameters lost');
      await assertEnglish(page, 'the parameters-lost page');
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
