// Browser flows of 家校互动's events (活动发布 /jxhd/hdfb, answered in 我的通知) and conduct (表现发布 /jxhd/bxfb,
// 表现回复 /jxhd/bxhf), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import {
  assertEnglish,
  closePanel,
  gradientPng,
  LED_CLASS,
  listText,
  panelSettled,
  PHONE,
  pickOption,
  rowId,
  scrollsSideways,
  shotOf,
  signIn,
  waitForList,
} from './noticeFlows.mjs';

/** The student of the class T0002 leads, whose parent is jz201911001. */
const STUDENT = '张小明';
const STUDENT_NUMBER = '201911001';

/** A time a few days ahead, as the event form and the server write it. */
function daysAhead(days) {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (n) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} 15:30`;
}

/** The id of the conduct row showing `text` (from its view button). */
async function conductRowId(page, text) {
  const button = page.locator('.page-view:visible .ant-table-row', { hasText: text }).locator('[data-testid^="conduct-view-"]').first();
  await button.waitFor();
  return Number((await button.getAttribute('data-testid')).replace('conduct-view-', ''));
}

export const eventConductFlows = [
  {
    name: 'conduct: the class teacher praises a student asking for a reply; the parent replies on a phone; the teacher sees the reply',
    async run({ page, context, base, browser, shot }) {
      const stamp = String(Date.now()).slice(-6);
      const content = `课堂上积极发言，帮助同学解答难题 ${stamp}`;
      const reply = `谢谢老师，我们会继续鼓励他 ${stamp}`;
      await signIn(page, context, base, 'T0002');
      await page.goto(`${base}/jxhd/bxfb`);
      await page.getByTestId('conduct-page').waitFor();
      await page.locator('.page-view:visible .ant-spin-spinning').first().waitFor({ state: 'detached' }).catch(() => undefined);

      await page.getByTestId('conduct-page').getByTestId('manage-add').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('conduct-dialog') });
      await dialog.waitFor();
      await pickOption(page, page.getByTestId('conduct-form-students'), STUDENT_NUMBER);
      assert((await dialog.locator('.ant-select-selection-item').first().innerText()).includes(STUDENT), 'the student is chosen');
      await pickOption(page, page.getByTestId('conduct-form-category'), '课堂表现');
      await page.getByTestId('conduct-form-result-praise').click();
      await page.getByTestId('conduct-form-content').fill(content);
      await page.getByTestId('conduct-form-ask-reply').click();
      await shot('conduct-form-zh');
      const created = page.waitForRequest((r) => r.url().endsWith('/api/homeSchool/conduct/create'));
      await page.getByTestId('conduct-dialog-ok').click();
      const body = (await created).postDataJSON();
      assert(body.category === 'classroom' && body.result === 'praise' && body.askReply === true && body.studentIds.length === 1, `the record sent: ${JSON.stringify(body)}`);
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('.ant-message-success').first().waitFor();
      await until(async () => (await listText(page)).includes(content), 'the new record is listed');
      const id = await conductRowId(page, content);
      const row = page.locator('.page-view:visible .ant-table-row', { hasText: content });
      assert((await row.getByTestId('conduct-result').getAttribute('data-result')) === 'praise', 'praise is shown');
      assert((await page.getByTestId(`conduct-replies-${id}`).getAttribute('data-count')) === '0', 'no reply yet');

      // The parent, on a phone, through the bell's link.
      const phone = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
      try {
        const mobile = await phone.newPage();
        await signIn(mobile, phone, base, 'jz201911001');
        await mobile.goto(`${base}/jxhd/bxhf`);
        await mobile.getByTestId('conduct-replies-page').waitFor();
        const card = mobile.locator(`[data-testid="conduct-card"][data-id="${id}"]`);
        await card.waitFor();
        assert((await card.getByTestId('conduct-reply-state').getAttribute('data-state')) === 'asked', 'a reply is asked');
        assert((await mobile.locator('.ant-table-thead').count()) === 0, 'cards, not a table');
        assert(!(await scrollsSideways(mobile)), 'the list does not scroll sideways');
        await shotOf(mobile, 'conduct-replies-phone');

        await mobile.goto(`${base}/jxhd/bxhf?id=${id}`);
        const detail = mobile.getByTestId('conduct-reply-detail');
        await detail.waitFor();
        assert((await detail.getAttribute('data-id')) === String(id), 'the linked record opens');
        assert((await detail.getByTestId('conduct-reply-content').innerText()).includes(content), 'its content is shown');
        await panelSettled(mobile, 390);
        await mobile.getByTestId('conduct-reply-input').fill(reply);
        await mobile.getByTestId('conduct-reply-send').click();
        await mobile.locator('.ant-message-success').filter({ hasText: '回复已发送' }).first().waitFor();
        await until(async () => (await detail.getByTestId('conduct-my-reply').innerText()).includes(reply), 'the reply is shown');
        assert(!(await scrollsSideways(mobile)), 'the open record does not scroll sideways');
        await shotOf(mobile, 'conduct-reply-phone');
        await mobile.getByTestId('conduct-reply-close').click();
        await until(async () => (await card.getByTestId('conduct-reply-state').getAttribute('data-state')) === 'replied', 'the card shows it replied');
      } finally {
        await phone.close();
      }

      // The class teacher sees the reply.
      await page.getByTestId('query-header-search').first().click();
      await until(async () => (await page.getByTestId(`conduct-replies-${id}`).getAttribute('data-count')) === '1', 'the list counts the reply');
      await shot('conduct-list-zh');
      await page.getByTestId(`conduct-view-${id}`).click();
      const view = page.getByTestId('conduct-view');
      await view.waitFor();
      await until(async () => (await view.getByTestId('conduct-reply').first().innerText()).includes(reply), 'the reply is in the record');
      await panelSettled(page, 640);
      await shot('conduct-view-zh');
      await closePanel(page);
    },
  },
  {
    name: 'events: the class teacher publishes an event asking to join; the parent answers Join on a phone; the receipts show it',
    async run({ page, context, base, browser, shot }) {
      const title = `家长开放日 ${String(Date.now()).slice(-6)}`;
      const when = daysAhead(5);
      await signIn(page, context, base, 'T0002');
      await page.goto(`${base}/jxhd/hdfb`);
      await page.getByTestId('events-page').waitFor();
      await waitForList(page);

      await page.getByTestId('events-page').getByTestId('manage-add').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('notice-dialog') });
      await dialog.waitFor();
      assert((await dialog.getByTestId('notice-form-video').count()) === 0, 'an event takes pictures only');
      await page.getByTestId('notice-form-title').fill(title);
      await page.getByTestId('notice-form-content').fill('欢迎家长走进课堂，观摩教学并参加座谈。');
      await page.getByTestId('event-form-place').fill('学校报告厅');
      const picker = dialog.locator('.ant-picker input').first();
      await picker.click();
      await picker.fill(when);
      await picker.press('Enter');
      await until(async () => (await picker.inputValue()) === when, 'the event time is set');
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/files/upload'));
      await page.getByTestId('notice-form-images').locator('input[type=file]').setInputFiles({ name: 'open-day.png', mimeType: 'image/png', buffer: gradientPng() });
      assert((await uploaded).status() === 200, 'the picture was uploaded');
      await page.getByTestId('event-form-ask-join').click();
      await pickOption(page, page.getByTestId('notice-form-classes'), LED_CLASS);
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
      await shot('event-form-zh');
      const created = page.waitForRequest((r) => r.url().endsWith('/api/homeSchool/events/create'));
      await page.getByTestId('notice-dialog-ok').click();
      const body = (await created).postDataJSON();
      assert(body.eventAt === when && body.place === '学校报告厅' && body.askJoin === true && body.images.length === 1 && body.classAudience === 'parents', `the event sent: ${JSON.stringify(body)}`);
      await dialog.waitFor({ state: 'hidden' });

      await until(async () => (await listText(page)).includes(title), 'the new event is listed');
      const id = await rowId(page, title);
      const delivery = page.getByTestId(`notice-delivery-${id}`);
      await until(async () => (await delivery.getAttribute('data-status')) === 'delivered', 'the event is delivered', 60_000);
      assert((await page.getByTestId(`event-answers-${id}`).innerText()).replace(/\s/g, '') === '0/0', 'nobody has answered yet');

      const phone = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
      try {
        const mobile = await phone.newPage();
        await signIn(mobile, phone, base, 'jz201911001');
        await mobile.goto(`${base}/jxhd/wdtz`);
        await mobile.getByTestId('my-notices-page').waitFor();
        const card = mobile.getByTestId('my-notice-card').filter({ hasText: title });
        await card.waitFor();
        await card.getByTestId('my-notice-event-tag').waitFor();
        assert((await card.getByTestId('my-notice-event').innerText()).includes('学校报告厅'), 'the card shows the place');
        assert(!(await scrollsSideways(mobile)), 'the list does not scroll sideways');
        await shotOf(mobile, 'my-notices-event-phone');
        await card.click();
        const box = mobile.getByTestId('event-answer-box');
        await box.waitFor();
        await panelSettled(mobile, 390);
        assert((await box.getAttribute('data-answer')) === 'none', 'not answered yet');
        await mobile.getByTestId('event-join').click();
        await until(async () => (await box.getAttribute('data-answer')) === 'join', 'the answer is join');
        assert((await mobile.getByTestId('event-join').getAttribute('aria-pressed')) === 'true', 'join is the current answer');
        assert(!(await mobile.getByTestId('event-decline').isDisabled()), 'the answer can still be changed');
        assert(!(await scrollsSideways(mobile)), 'the open event does not scroll sideways');
        await shotOf(mobile, 'my-event-phone');
      } finally {
        await phone.close();
      }

      await page.getByTestId('query-header-search').first().click();
      await until(async () => (await page.getByTestId(`event-answers-${id}`).innerText()).replace(/\s/g, '') === '1/0', 'the list counts one joining');
      await page.getByTestId(`notice-receipts-${id}`).click();
      const receipts = page.getByTestId('notice-receipts');
      await receipts.waitFor();
      await receipts.getByTestId('receipts-answer-join').click();
      const parentRow = receipts.locator('.ant-table-row', { hasText: 'jz201911001' });
      await until(async () => (await receipts.locator('.ant-table-row').count()) === 1 && (await parentRow.count()) === 1, 'only the parent joins');
      assert((await parentRow.getByTestId('event-answer').getAttribute('data-answer')) === 'join', 'the receipt shows join');
      assert(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(await parentRow.innerText()), 'with the answer time');
      await shot('event-receipts-zh');
      await closePanel(page);
      await page.getByTestId(`notice-view-${id}`).click();
      await page.getByTestId('event-facts').waitFor();
      await panelSettled(page, 720);
      await shot('event-view-zh');
      await closePanel(page);
    },
  },
  {
    name: 'events and conduct: the three pages in English show no Chinese outside data',
    async run({ page, context, base, browser, shot }) {
      await signIn(page, context, base, 'T0002', 'en');
      await page.goto(`${base}/jxhd/hdfb`);
      await page.getByTestId('events-page').waitFor();
      await waitForList(page);
      await assertEnglish(page, 'the event list');
      await shot('events-en');
      await page.getByTestId('events-page').getByTestId('manage-add').click();
      await page.getByTestId('notice-dialog').waitFor();
      await page.getByTestId('notice-dialog-ok').click();
      await until(async () => (await page.locator('.ant-modal .ant-form-item-explain-error').count()) >= 4, 'the form shows its checks');
      await assertEnglish(page, 'the event form');
      await shot('event-form-en');
      await page.getByTestId('notice-dialog-cancel').click();
      await page.getByTestId('notice-dialog').waitFor({ state: 'hidden' });

      await page.goto(`${base}/jxhd/bxfb`);
      await page.getByTestId('conduct-page').waitFor();
      await waitForList(page);
      await assertEnglish(page, 'the conduct list');
      await shot('conduct-en');
      await page.locator('.page-view:visible [data-testid^="conduct-view-"]').first().click();
      await page.getByTestId('conduct-view').waitFor();
      await assertEnglish(page, 'a conduct record');
      await closePanel(page);
      await page.getByTestId('conduct-page').getByTestId('manage-add').click();
      await page.getByTestId('conduct-dialog').waitFor();
      await page.getByTestId('conduct-dialog-ok').click();
      await until(async () => (await page.locator('.ant-modal .ant-form-item-explain-error').count()) >= 3, 'the conduct form shows its checks');
      await assertEnglish(page, 'the conduct form');
      await shot('conduct-form-en');
      await page.getByTestId('conduct-dialog-cancel').click();

      const phone = await browser.newContext({ ...PHONE, locale: 'en-GB' });
      try {
        const mobile = await phone.newPage();
        await signIn(mobile, phone, base, 'jz201911001', 'en');
        await mobile.goto(`${base}/jxhd/bxhf`);
        await mobile.getByTestId('conduct-replies-page').waitFor();
        await mobile.getByTestId('conduct-card').first().waitFor();
        await assertEnglish(mobile, 'performance replies');
        assert(!(await scrollsSideways(mobile)), 'no sideways scrolling in English');
        await shotOf(mobile, 'conduct-replies-phone-en');
        await mobile.getByTestId('conduct-card').first().click();
        await mobile.getByTestId('conduct-reply-detail').waitFor();
        await panelSettled(mobile, 390);
        await assertEnglish(mobile, 'an open conduct record');
        await shotOf(mobile, 'conduct-reply-phone-en');
      } finally {
        await phone.close();
      }
    },
  },
];
