// Browser flows of the teaching pages of issue 17 (公开课评价), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'teaching';
const TOPIC = '一次函数的图像与性质';

export const teachingFlows = [
  {
    name: 'teaching: a colleague evaluates an open class item by item and the statistics count the evaluation',
    async run({ page, context, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'T0002');
      await page.goto(`${base}/bxjl/gkkpj`);
      await page.getByTestId('open-classes-page').waitFor();
      const row = page.locator('tr.ant-table-row').filter({ hasText: TOPIC });
      await row.waitFor();
      const id = (await row.locator('[data-testid^="open-class-open-"]').getAttribute('data-testid')).replace('open-class-open-', '');
      const before = Number(await page.getByTestId(`open-class-evaluations-${id}`).innerText());
      await row.locator(`[data-testid="open-class-open-${id}"]`).click();
      await page.waitForURL(new RegExp(`/gkkMgr/pjrn\\?id=${id}$`));
      await page.getByTestId('open-class-content').waitFor();
      // A retry finds the evaluation of the first attempt: it is shown, not asked again.
      if (await page.getByTestId('open-class-evaluation-form').isVisible({ timeout: 5000 }).catch(() => false)) {
        const inputs = page.locator('[data-testid^="open-class-score-"]');
        const count = await inputs.count();
        assert(count >= 3, 'the form lists the items of the evaluation content');
        for (let index = 0; index < count; index += 1) {
          const field = page.getByTestId(`open-class-score-${index}`);
          // The test id lands on the input itself or on its wrapper, depending on the component's version.
          const input = (await field.evaluate((node) => node.tagName)) === 'INPUT' ? field : field.locator('input');
          await input.fill('8');
        }
        await page.getByTestId('open-class-item-comment-0').fill('目标明确，落实到位');
        await page.getByTestId('open-class-comment').fill('学生参与度高，是一节好课');
        await until(async () => (await page.getByTestId('open-class-form-total').innerText()) !== '0', 'the weighted total follows the scores');
        await shotOf(page, 'open-class-form', AREA);
        await page.getByTestId('open-class-submit').click();
      }
      await page.getByTestId('open-class-my-evaluation').waitFor();
      assert((await page.getByTestId('open-class-my-evaluation').innerText()).includes('学生参与度高'), 'the submitted evaluation is shown');

      await page.getByTestId('open-class-content-back').click();
      await page.getByTestId('open-classes-page').waitFor();
      await until(async () => Number(await page.getByTestId(`open-class-evaluations-${id}`).innerText()) >= before, 'the list counts the evaluation');
      await page.getByTestId('open-class-tab-statistics').click();
      await page.getByTestId('open-class-statistics').waitFor();

      // The taught teacher's statistics count it (T0002 sees only their own classes there).
      const teacher = await page.context().browser().newContext({ reducedMotion: 'reduce' });
      const own = await teacher.newPage();
      watchErrors(own, errors);
      await signIn(own, teacher, base, 'T0001');
      await own.goto(`${base}/bxjl/gkkpj`);
      await own.getByTestId('open-class-tab-statistics').click();
      const cell = own.getByTestId(`open-class-stat-evaluations-${id}`);
      await cell.waitFor();
      // The demo class had two evaluations: the colleague's is the third.
      await until(async () => Number(await cell.innerText()) === 3, 'the statistics count the new evaluation');
      await shotOf(own, 'open-class-statistics', AREA);
      await own.goto(`${base}/gkkMgr/pjrn?id=${id}`);
      await own.getByTestId('open-class-results').waitFor();
      assert((await own.getByTestId('open-class-results').innerText()).includes('学生参与度高'), 'the teacher reads the comment');
      assert(!(await own.getByTestId('open-class-results').innerText()).includes('李秀英'), 'anonymously');
      await own.goto(`${base}/gkkMgr/pjrn`);
      await own.getByTestId('teaching-parameters-lost').waitFor();
      await teacher.close();
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
