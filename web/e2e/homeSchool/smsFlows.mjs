// Browser flow of 家校互动's SMS reminders (短信提醒 /jxhd/dxtx), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { assertEnglish, signIn } from './noticeFlows.mjs';

export const smsFlows = [
  {
    name: 'sms: the class teacher texts two parents of the class; the outbox shows them, in Chinese and in English',
    async run({ page, context, base, shot }) {
      const text = `明天下午春游，请带水和帽子 ${String(Date.now()).slice(-5)}`;
      await signIn(page, context, base, 'T0002');
      await page.goto(`${base}/jxhd/dxtx`);
      await page.getByTestId('sms-page').waitFor();
      // The seeded outbox holds messages in the outbox and failed ones (with "send again").
      await until(async () => (await page.locator('[data-testid^="sms-retry-"]').count()) > 0, 'failed messages offer to send again');
      await page.getByTestId('manage-add').click();
      await page.getByTestId('sms-content').waitFor();
      // T0002 leads one class: it is chosen already and its students are listed.
      const students = page.locator('.sms-students .ant-checkbox-wrapper:not(.ant-checkbox-wrapper-disabled)');
      await until(async () => (await students.count()) >= 2, 'the class students with numbers are listed');
      await students.nth(0).click();
      await students.nth(1).click();
      await page.getByTestId('sms-content').fill(text);
      await shot('sms-dialog');
      await page.locator('#sms-send-submit').click();
      await until(async () => (await page.locator('.ant-message').innerText()).includes('已发送'), 'the sending is confirmed');
      await until(async () => (await page.locator('.page-view:visible .ant-table-tbody').innerText()).includes(text), 'the outbox lists the new messages');
      const rows = page.locator('.page-view:visible .ant-table-row', { hasText: text });
      assert((await rows.count()) >= 2, 'one message per parent number');
      assert((await rows.first().innerText()).includes('已进入发件箱'), 'the state is shown');
      await shot('sms-outbox');

      await context.addCookies([{ name: 'language', value: 'en', url: base }]);
      await page.goto(`${base}/jxhd/dxtx`);
      await page.getByTestId('sms-page').waitFor();
      await until(async () => (await page.locator('.page-view:visible .ant-table-tbody').innerText()).includes('In the outbox'), 'the states are in English');
      await assertEnglish(page, 'the SMS page');
      await page.getByTestId('manage-add').click();
      await page.getByTestId('sms-content').waitFor();
      await until(async () => (await page.locator('.sms-students .ant-checkbox-wrapper').count()) > 0, 'the students are listed');
      // The students' names are data (the "no number" beside one is not).
      const names = await page.locator('.sms-students .ant-checkbox-wrapper').evaluateAll((els) =>
        els.map((el) => {
          const clone = el.cloneNode(true);
          clone.querySelector('.sms-no-phone')?.remove();
          return clone.textContent.trim();
        }),
      );
      await assertEnglish(page, 'the SMS dialog', { dataTexts: names });
      await shot('sms-dialog-en');
    },
  },
];
