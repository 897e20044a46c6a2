// Browser flows of 选科志愿 (/zbgl/xszy, issue 16), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { assertEnglish, scrollsSideways, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';
import { api } from '../api.mjs';

const AREA = 'electives';
const PHONE = { width: 390, height: 844 };
const SHIFT = '/api/electives/shift';
const BATCH = '高一选科（3+1+2）';
const DEMO_PASSWORD = 'Demo@2026';

/** The card of a batch, by its exact name. */
const batchCard = (page, name) => page.locator('article.shift-choice-card').filter({ has: page.locator('.shift-choice-card-name', { hasText: new RegExp(`^${name.replace(/[()+（）]/g, '\\$&')}$`) }) });

/** A subject's tile in a card, by the subject's name. */
const tile = (card, name) => card.locator('.shift-choice-option').filter({ has: card.page().locator('.shift-choice-option-name', { hasText: new RegExp(`^${name}$`) }) });

/**
 * A 高一 student who has not chosen in the batch yet, signed in with the demo password: only the five demo
 * accounts have one, so the administrator sets it (users/resetPassword) as the office would for a student.
 */
async function seniorOneStudent(page, base) {
  const batches = await api(page, base, 'admin', `${SHIFT}/batches/page`, { currPage: 0, limit: 50, search: {} });
  assert(batches.result, `batches: ${batches.msg}`);
  const batch = batches.data.rows.find((row) => row.name === BATCH);
  assert(batch && batch.status === 'inProgress', `${BATCH} is in progress`);
  const students = await api(page, base, 'admin', `${SHIFT}/students/page`, { batchId: batch.id, currPage: 0, limit: 20, search: { chosen: 'notChosen' } });
  assert(students.result && students.data.rows.length > 0, `a 高一 student without a choice: ${students.msg}`);
  const student = students.data.rows[0];
  const users = await api(page, base, 'admin', '/api/system/users/page', { currPage: 0, limit: 10, search: { keyword: student.studentNumber } });
  const user = users.data?.rows?.find((row) => row.account === student.studentNumber);
  assert(user, `the account of ${student.studentNumber}`);
  const reset = await api(page, base, 'admin', '/api/system/users/resetPassword', { id: user.id, password: DEMO_PASSWORD });
  assert(reset.result, `the password is set: ${reset.msg}`);
  return { batchId: batch.id, account: student.studentNumber, name: student.name };
}

export const shiftChoiceFlows = [
  {
    name: 'subject choices: a 高一 student on a phone chooses physics, chemistry and biology and saves; the choice stays after a reload; a parent of 初二 reads the empty page in English',
    async run({ page, context, browser, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      const { batchId, account, name } = await seniorOneStudent(page, base);

      const student = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
      const phone = await student.newPage();
      watchErrors(phone, errors);
      await signIn(phone, student, base, account);
      await phone.goto(`${base}/zbgl/xszy`);
      await phone.getByTestId('shift-choice-page').waitFor();
      await until(async () => (await phone.getByTestId('shift-choice-student').innerText()).includes(name), 'the page names the student');
      const card = batchCard(phone, BATCH);
      await card.waitFor();
      assert((await card.getAttribute('data-testid')) === `shift-choice-batch-${batchId}`, 'the card is the batch');
      assert((await phone.getByTestId(`shift-choice-chosen-${batchId}`).innerText()).includes('尚未选择'), 'nothing chosen yet');
      const save = phone.getByTestId(`shift-choice-save-${batchId}`);
      assert(await save.isDisabled(), 'an incomplete choice cannot be saved');

      for (const subject of ['物理', '化学', '生物']) await tile(card, subject).click();
      // Two second-choice subjects are the most: the others are closed.
      assert(await tile(card, '地理').locator('input').isDisabled(), 'a third second-choice subject is closed');
      // A tile is big enough for a thumb.
      const box = await tile(card, '物理').boundingBox();
      assert(box && box.height >= 44, `a tile is at least 44 px high (${box?.height})`);
      await save.click();
      await until(async () => (await phone.getByTestId(`shift-choice-chosen-${batchId}`).innerText()).includes('物理、化学、生物'), 'the saved choice shows');
      assert(!(await scrollsSideways(phone)), 'the page does not scroll sideways on a phone');
      await shotOf(phone, 'shift-choice-phone', AREA);

      await phone.reload();
      const again = batchCard(phone, BATCH);
      await again.waitFor();
      await until(async () => (await phone.getByTestId(`shift-choice-chosen-${batchId}`).innerText()).includes('物理、化学、生物'), 'the choice is there after a reload');
      for (const subject of ['物理', '化学', '生物']) assert(await tile(again, subject).locator('input').isChecked(), `${subject} is ticked after a reload`);
      assert(await phone.getByTestId(`shift-choice-save-${batchId}`).isDisabled(), 'the saved choice is not offered again');
      // The second round has not started: read-only, with its opening time.
      const second = batchCard(phone, '高一选科第二轮（调剂）');
      assert((await second.innerText()).includes('选科将于'), 'the round not started says when it opens');
      assert((await second.locator('input').count()) === 0, 'the round not started has no selectors');
      assert(!(await scrollsSideways(phone)), 'no sideways scroll after a reload');
      await student.close();

      // The demo child is in 初二, a grade without batches.
      const parent = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
      const parentPage = await parent.newPage();
      watchErrors(parentPage, errors);
      await signIn(parentPage, parent, base, 'jz201911001', 'en');
      await parentPage.goto(`${base}/zbgl/xszy`);
      await parentPage.getByTestId('shift-choice-empty').waitFor();
      await assertEnglish(parentPage, 'the subject choices page in English', {
        dataSelectors: ['.shift-choice-student'],
        dataTexts: [await parentPage.getByTestId('shift-choice-student').innerText()],
      });
      assert(!(await scrollsSideways(parentPage)), 'the empty page does not scroll sideways');
      await parent.close();
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
