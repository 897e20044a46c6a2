// Browser flows of 选修课 (issue 16), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { assertEnglish, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'electives';
const PHONE = { width: 390, height: 844 };
const card = (page, name) => page.locator('article.elective-course-card').filter({ has: page.locator('.elective-course-name', { hasText: name }) }).first();

export const electiveFlows = [
  {
    name: 'electives: the office approves a declared course; a student on a phone takes it as major, finds a full course closed and another course as minor; the parent reads it in English',
    async run({ page, context, browser, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xkgl/kcsp`);
      await page.getByTestId('elective-approval-page').waitFor();
      const row = page.getByTestId('elective-approval-list').locator('tr.ant-table-row').filter({ hasText: '校园植物观察' });
      await row.waitFor();
      await row.locator('[data-testid^="elective-review-"]').click();
      await page.getByTestId('elective-review-dialog').waitFor();
      await page.getByTestId('elective-review-approve').click();
      await until(async () => (await row.count()) === 0, 'the approved declaration leaves the list of declared ones');

      const student = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
      const phone = await student.newPage();
      watchErrors(phone, errors);
      await signIn(phone, student, base, '201911001');
      await phone.goto(`${base}/xkgl/xsxk`);
      await phone.getByTestId('elective-select-page').waitFor();
      const plants = card(phone, '校园植物观察');
      await plants.waitFor();
      // 围棋 is full: its buttons are closed and say why.
      const chess = card(phone, '围棋');
      assert(await chess.locator('button').filter({ hasText: '主修' }).isDisabled(), 'a full course cannot be chosen');
      assert((await chess.innerText()).includes('名额已满'), 'the full course says why');
      await plants.locator('button').filter({ hasText: '选为主修' }).click();
      await until(async () => (await phone.getByTestId('elective-choice-major').innerText()).includes('校园植物观察'), 'the major choice shows the course');
      const printing = card(phone, '3D打印');
      await printing.locator('button').filter({ hasText: '选为辅修' }).click();
      await until(async () => (await phone.getByTestId('elective-choice-minor').innerText()).includes('3D打印'), 'the minor choice shows the course');
      await shotOf(phone, 'student-choices', AREA);
      await student.close();

      const parent = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
      const parentPage = await parent.newPage();
      watchErrors(parentPage, errors);
      await signIn(parentPage, parent, base, 'jz201911001', 'en');
      await parentPage.goto(`${base}/xkgl/xsxk`);
      await until(async () => (await parentPage.getByTestId('elective-choice-major').innerText()).includes('校园植物观察'), "the parent sees the child's major");
      await assertEnglish(parentPage, 'the selection page in English', {
        dataSelectors: ['.elective-course-name', '.elective-course-facts dd', '.elective-course-intro', '.elective-course-lectures', '.elective-select-student'],
        dataTexts: ['校园植物观察', '3D打印', await parentPage.getByTestId('elective-select-student').locator('.elective-select-student-name').innerText()],
      });
      await shotOf(parentPage, 'parent-english', AREA);
      await parent.close();
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
