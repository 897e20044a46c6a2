// Browser flows of 校园生活 (issue 17), appended to the flows of flows.mjs.
import { api } from '../api.mjs';
import { assert, until } from '../flows.mjs';
import { shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'campusLife';
const PHONE = { width: 390, height: 844 };
const LECTURE = '走进航天：从嫦娥到天问';
const card = (page, title) => page.locator('.campus-card').filter({ has: page.locator('.campus-card-title', { hasText: title }) }).first();

/** A classmate of the demo student, signed in with the demo password the administrator sets (only the demo accounts have one). */
async function classmate(page, base, account) {
  const users = await api(page, base, 'admin', '/api/system/users/page', { currPage: 0, limit: 10, search: { keyword: account } });
  const user = users.data?.rows?.find((row) => row.account === account);
  assert(user, `the account of ${account}`);
  const reset = await api(page, base, 'admin', '/api/system/users/resetPassword', { id: user.id, password: 'Demo@2026' });
  assert(reset.result, `the password is set: ${reset.msg}`);
}

export const campusLifeFlows = [
  {
    name: 'campus life: a student on a phone takes the last seat of a lecture; the next student, whose page still offered it, is refused as full',
    // The seats and the second student's password are this flow's: a server of its own (shared with the dormitory flow).
    env: { E2E_OWN_DATABASE: 'campus-life' },
    async run({ page, context, browser, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      await classmate(page, base, '201911002');

      // The next student opens the lecture list first: the seat is still free on their page.
      const late = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
      const latePage = await late.newPage();
      watchErrors(latePage, errors);
      await signIn(latePage, late, base, '201911002');
      await latePage.goto(`${base}/xysh/jzgl`);
      await latePage.getByTestId('campus-browse-page').waitFor();
      const lateCard = card(latePage, LECTURE);
      await lateCard.waitFor();
      assert((await lateCard.locator('[data-testid^="campus-card-seats-"]').innerText()) === '29/30', 'one seat is left');

      const student = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
      const phone = await student.newPage();
      watchErrors(phone, errors);
      await signIn(phone, student, base, '201911001');
      await phone.goto(`${base}/xysh/jzgl`);
      await phone.getByTestId('campus-browse-page').waitFor();
      const mine = card(phone, LECTURE);
      await mine.waitFor();
      await mine.locator('[data-testid^="campus-signup-"]').click();
      await until(async () => (await mine.locator('[data-testid^="campus-card-seats-"]').innerText()) === '30/30', 'the lecture is at capacity');
      assert((await mine.innerText()).includes('已满'), 'the lecture shows full');
      assert((await mine.innerText()).includes('已报名'), 'the student is signed up');
      assert(await phone.evaluate(() => document.documentElement.scrollWidth <= 390), 'nothing overflows a 390 px window');
      await shotOf(phone, 'lecture-last-seat', AREA);
      await student.close();

      await lateCard.locator('[data-testid^="campus-signup-"]').click();
      await latePage.getByText('班级人数已满或超出').first().waitFor();
      await until(async () => (await lateCard.locator('[data-testid^="campus-card-seats-"]').innerText()) === '30/30', 'the refused page shows the lecture full');
      assert(await lateCard.locator('[data-testid^="campus-signup-"]').isDisabled(), 'sign-up is closed once full');
      await shotOf(latePage, 'lecture-refused', AREA);
      await late.close();
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'campus life: the dormitory office opens a room from 宿舍管理; a swap with unequal numbers and one with the same room twice are refused and nobody moves',
    env: { E2E_OWN_DATABASE: 'campus-life' },
    async run({ page, context, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xysh/ssgl`);
      await page.getByTestId('dorm-office').waitFor();
      const allocate = page.locator('[data-testid^="dorm-allocate-"]').first();
      await allocate.waitFor();
      await allocate.click();
      await page.getByTestId('dorm-allocation').waitFor();
      const mine = page.getByTestId('dorm-swap-mine').locator('input[type="checkbox"]');
      await until(async () => (await mine.count()) >= 2, 'the room has people to swap');
      const before = await page.getByTestId('dorm-room-card').innerText();
      await mine.nth(0).check();
      await mine.nth(1).check();
      const chooseRoom = async (index) => {
        await page.getByTestId('dorm-swap-room').click();
        const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(index);
        await option.waitFor();
        await option.click();
      };
      // The second room of the list: one person ticked against two.
      await chooseRoom(1);
      const theirs = page.getByTestId('dorm-swap-theirs').locator('input[type="checkbox"]');
      await theirs.first().waitFor();
      await theirs.first().check();
      await page.getByTestId('dorm-swap-submit').click();
      await page.getByText('调换需要双方人数相等').first().waitFor();
      await shotOf(page, 'dormitory-swap-unequal', AREA);
      // The same room on both sides.
      await chooseRoom(0);
      await page.getByTestId('dorm-swap-submit').click();
      await page.getByText('不能在两个相同的房间中操作').first().waitFor();
      assert((await page.getByTestId('dorm-room-card').innerText()) === before, 'nobody moved');
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
