// Browser flows of 问卷调查 (issue 17), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'surveys';
const PHONE = { width: 390, height: 844 };

export const surveyFlows = [
  {
    name: 'surveys: a teacher publishes an anonymous survey by QR code, a parent answers it on a phone without signing in, a second answer is refused, the statistics count it',
    async run({ page, context, browser, base }) {
      const errors = [];
      watchErrors(page, errors);
      const title = `开放日问卷${Date.now() % 100000}`;
      await signIn(page, context, base, 'T0002');
      await page.goto(`${base}/survey/cjwj`);
      await page.getByTestId('survey-design-page').waitFor();
      await page.getByTestId('manage-add').click();
      await page.getByTestId('survey-editor').waitFor();
      await page.getByTestId('survey-editor-title').fill(title);
      await page.getByTestId('survey-q1-title').fill('您对本次活动满意吗？');
      await page.getByTestId('survey-q1-option-0').fill('满意');
      await page.getByTestId('survey-q1-option-1').fill('不满意');
      await page.getByTestId('survey-add-question').hover();
      await page.getByTestId('survey-add-rating').click();
      await page.getByTestId('survey-q2-title').fill('请为活动打分');
      await shotOf(page, 'teacher-designs', AREA);
      await page.getByTestId('survey-editor-save').click();
      const row = page.locator('tr.ant-table-row').filter({ hasText: title });
      await row.waitFor();
      await row.locator('[data-testid^="survey-publish-"]').click();
      await page.getByTestId('survey-publish-dialog').waitFor();
      await page.getByTestId('survey-publish-public').click();
      await page.getByTestId('survey-publish-ok').click();
      const share = page.getByTestId('survey-share');
      await share.waitFor();
      const url = await share.getAttribute('data-url');
      assert(url && url.includes('/survey/wjdt/answerSurvey?key='), `the QR code encodes the public link: ${url}`);
      assert((await share.locator('canvas, svg').count()) > 0, 'the QR code is drawn');
      await shotOf(page, 'teacher-qr-code', AREA);
      await page.getByTestId('survey-share-close').click();

      // A parent scans the code: a phone, no session.
      const parent = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce', hasTouch: true, isMobile: true });
      const phone = await parent.newPage();
      watchErrors(phone, errors);
      await phone.goto(url);
      await phone.getByTestId('survey-answer-form').waitFor();
      // A second tab of the same browser, opened before the first answer is sent.
      const again = await parent.newPage();
      watchErrors(again, errors);
      await again.goto(url);
      await again.getByTestId('survey-answer-form').waitFor();
      assert(!(await phone.getByTestId('app-content').count()), 'no signed-in layout on the public page');
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= PHONE.width, `the form fits a 390 px window (scroll width ${width})`);
      await phone.getByTestId('survey-submit').click();
      await until(async () => (await phone.getByTestId('survey-problem').innerText()).includes('第 1 题为必答题'), 'a required question is asked for');
      await phone.locator('[data-testid^="survey-option-"]').first().click();
      await phone.locator('[data-testid$="-4"][data-testid^="survey-rating-"]').click();
      await shotOf(phone, 'parent-answers-on-phone', AREA);
      await phone.getByTestId('survey-submit').click();
      await phone.getByTestId('survey-done').waitFor();
      await shotOf(phone, 'parent-submitted', AREA);
      // The second answer from the same browser is refused by the server...
      await again.locator('[data-testid^="survey-option-"]').nth(1).click();
      await again.locator('[data-testid$="-2"][data-testid^="survey-rating-"]').click();
      await again.getByTestId('survey-submit').click();
      await until(async () => (await again.getByTestId('survey-problem').innerText()).includes('该问卷已提交过'), 'the second answer is refused');
      await shotOf(again, 'second-answer-refused', AREA);
      // ...and opening the link again says it was submitted.
      await phone.reload();
      await phone.getByTestId('survey-already').waitFor();
      await parent.close();

      // The statistics count the one answer.
      await page.goto(`${base}/survey/wjtj`);
      await page.getByTestId('survey-statistics-page').waitFor();
      const statsRow = page.locator('tr.ant-table-row').filter({ hasText: title });
      await statsRow.waitFor();
      await statsRow.locator('[data-testid^="survey-stats-"]').click();
      await page.getByTestId('survey-statistics-view').waitFor();
      await until(async () => (await page.getByTestId('survey-stats-responses').innerText()).includes('1'), 'one response');
      const chart = page.getByTestId('survey-chart-1');
      await chart.waitFor();
      assert((await chart.locator('canvas').count()) > 0, 'the chart is drawn');
      const first = page.getByTestId('survey-stats-q1');
      await until(async () => /满意\s*1\s*100%/.test(await first.locator('.ant-table-tbody').innerText()), 'the chosen option counts 1 (100%)');
      await shotOf(page, 'statistics-count-it', AREA);
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
