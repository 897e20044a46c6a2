// Browser flows of 保险与纪律's insurance claims (issue 17), appended to the business lane of flows.mjs.
import { assert, until } from '../flows.mjs';
import { shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'safety';
const PHONE = { width: 390, height: 844 };
const PNG_4X4 = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==';
const PLACE = '教学楼二楼走廊';

export const safetyFlows = [
  {
    name: 'insurance: a parent on a phone files a claim with pictures; the office marks the materials received and the claim paid; the parent sees it paid',
    async run({ page, context, browser, base }) {
      const errors = [];
      const family = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
      const phone = await family.newPage();
      watchErrors(phone, errors);
      await signIn(phone, family, base, 'jz201911001');
      await phone.goto(`${base}/bxjl/bxlp`);
      await phone.getByTestId('insurance-family').waitFor();
      await phone.getByTestId('insurance-file').click();
      const form = phone.getByTestId('insurance-form');
      await form.waitFor();
      await phone.getByTestId('insurance-form-date').click();
      await phone.locator('.ant-picker-dropdown:visible .ant-picker-now-btn, .ant-picker-dropdown:visible .ant-picker-today-btn').first().click();
      await phone.getByTestId('insurance-form-place').fill(PLACE);
      await phone.getByTestId('insurance-form-description').fill('下课时在走廊奔跑滑倒，左膝擦伤，到医院清创包扎。');
      await phone.getByTestId('insurance-form-amount').fill('328.5');
      await phone
        .getByTestId('insurance-form-files')
        .locator('input[type=file][multiple]')
        .setInputFiles([
          { name: 'bill.png', mimeType: 'image/png', buffer: Buffer.from(PNG_4X4, 'base64') },
          { name: 'wound.png', mimeType: 'image/png', buffer: Buffer.from(PNG_4X4, 'base64') },
        ]);
      await until(async () => (await phone.getByTestId('insurance-form-files').locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').count()) >= 2, 'both pictures are uploaded');
      await shotOf(phone, 'parent-files-claim', AREA);
      await phone.getByTestId('insurance-form-ok').click();
      const card = phone.locator('[data-testid^="insurance-claim-"]').filter({ hasText: PLACE }).first();
      await card.waitFor();
      assert((await card.locator('[data-status]').getAttribute('data-status')) === 'submitted', 'the new claim is submitted');
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= PHONE.width, `the page fits the phone (${width} px)`);

      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/bxjl/bxlp`);
      await page.getByTestId('insurance-claims-page').waitFor();
      await page.getByTestId('insurance-search-keyword').fill(PLACE);
      await page.getByTestId('insurance-search-keyword').press('Enter');
      const row = page.locator('tr.ant-table-row').filter({ hasText: PLACE }).first();
      await row.waitFor();
      await row.locator('[data-testid^="insurance-receive-"]').click();
      await page.getByTestId('insurance-action-ok').click();
      await until(async () => (await row.locator('[data-testid^="insurance-status-"]').getAttribute('data-status')) === 'received', 'the office marks the materials received');
      await row.locator('[data-testid^="insurance-view-"]').click();
      await until(async () => (await page.getByTestId('insurance-photo').count()) === 2, 'the office sees both pictures');
      await page.getByTestId('insurance-detail-close').click();
      await row.locator('[data-testid^="insurance-pay-"]').click();
      await page.getByTestId('insurance-action-amount').fill('300');
      await page.getByTestId('insurance-action-ok').click();
      await until(async () => (await row.locator('[data-testid^="insurance-status-"]').getAttribute('data-status')) === 'paid', 'the office marks the claim paid');
      await shotOf(page, 'office-marks-paid', AREA);

      await phone.reload();
      const paid = phone.locator('[data-testid^="insurance-claim-"]').filter({ hasText: PLACE }).first();
      await paid.waitFor();
      assert((await paid.locator('[data-status]').getAttribute('data-status')) === 'paid', 'the parent sees the claim paid');
      await paid.click();
      await until(async () => (await phone.getByTestId('insurance-detail-paid').innerText()).includes('300.00'), 'the detail shows the amount paid');
      await until(async () => (await phone.getByTestId('insurance-photo').count()) === 2, 'the parent sees the pictures');
      await shotOf(phone, 'parent-sees-paid', AREA);
      await family.close();
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
