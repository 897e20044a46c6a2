// Browser flows of 家校互动's notices (通知发布 /jxhd/tzfb and 我的通知 /jxhd/wdtz), appended to the flows of flows.mjs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { assert, until } from '../flows.mjs';

const DEMO_PASSWORD = 'Demo@2026';
// Helpers shared with the other flows of the area (eventConductFlows.mjs).
/** T0002 is the class teacher of this class, the class of the student 201911001 (server/src/db/seed/school.ts). */
export const LED_CLASS = '初二(1)班';
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** Chinese characters (CJK ideographs and punctuation): an English page shows none outside data. */
export const CHINESE = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

export async function signIn(page, context, base, username, lang = 'zh') {
  if (lang === 'en') await context.addCookies([{ name: 'language', value: 'en', url: base }]);
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard$/);
  // On a phone the sidebar is a closed drawer: the main area tells that the layout is up.
  await page.getByTestId('app-content').waitFor();
}

/** A screenshot of a page of a second browser context (the flow's own `shot` takes the first page), named after its area. */
export async function shotOf(page, name, area = 'homeSchool') {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `${area}-${name}.png`) });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
/** A small RGB picture (a green-blue gradient), so the thumbnail and its preview show something. */
export function gradientPng(size = 64) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) row.set([20, 90 + Math.round((x / size) * 120), 60 + Math.round((y / size) * 160)], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** Whether the page can be scrolled sideways (it must not on a phone). */
export const scrollsSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1 || document.body.scrollWidth > window.innerWidth + 1);

/**
 * The texts of the visible page and its open dialogs and panels, without data: table bodies, chosen
 * values (Ant Design 6 shows a single select's in .ant-select-content-has-value), and a notice's own title, publisher, content and file names; `dataSelectors` name more data
 * (another area's), and `dataTexts` are data values (names, reasons ...) taken out of what is left.
 */
const chromeText = async (page, { dataSelectors = [], dataTexts = [] } = {}) => {
  const text = await page.evaluate((extra) => {
    const shown = (el) => el instanceof HTMLElement && el.offsetParent !== null;
    const roots = [...document.querySelectorAll('.page-view')].filter(shown);
    // Open dialogs and panels, not the phone's menu drawer (the layout's, with menu data). Ant Design 6 names
    // a dialog's box .ant-modal-container (5: .ant-modal-content).
    const overlays = [...document.querySelectorAll('.ant-drawer-section, .ant-modal-container, .ant-modal-content')].filter((el) => el.getBoundingClientRect().width > 0 && !el.closest('.app-sider-drawer'));
    roots.push(...overlays);
    return roots
      .map((root) => {
        const clone = root.cloneNode(true);
        clone
          .querySelectorAll(
            [
              '.ant-table-tbody, .ant-select-selection-item, .ant-select-content-has-value, .ant-upload-list, .notice-content, .conduct-data, .my-notice-event, .event-facts .ant-descriptions-item-content, .ant-picker-input, .notice-meta, .notice-file-name, .notice-view-title, .notice-recipients .ant-tag, .my-notice-title, .my-notice-row-title, .my-notice-card-meta, .ant-drawer-title .notice-receipts-of',
              ...extra,
            ].join(', '),
          )
          .forEach((node) => node.remove());
        return clone.textContent ?? '';
      })
      .join(' | ');
  }, dataSelectors);
  // The longest first, so a name inside a longer value goes with it.
  return [...dataTexts].filter(Boolean).sort((a, b) => b.length - a.length).reduce((left, data) => left.split(data).join(' '), text);
};

export async function assertEnglish(page, what, data = {}) {
  const text = await chromeText(page, data);
  const found = text.match(new RegExp(`.{0,20}${CHINESE.source}.{0,20}`, 'u'));
  assert(!found, `${what} shows Chinese: …${found?.[0]}…`);
}

export const listText = (page) => page.locator('.page-view:visible .ant-table-tbody').innerText();

export async function waitForList(page) {
  await until(async () => (await page.locator('.page-view:visible .ant-spin-spinning').count()) === 0 && (await listText(page)).trim().length > 0, 'the list loads');
}

/** Opens a select, types to narrow it and clicks the option; a multiple select is closed again with Escape. */
export async function pickOption(page, select, text) {
  await select.click();
  await page.keyboard.type(text);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
  await closeSelectList(page);
}

/**
 * Closes a select's list that is still open (a multiple select's). A single select's list has closed with
 * the click: an Escape then would reach the dialog around it and close that.
 */
export async function closeSelectList(page) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  if (await open.first().isVisible().catch(() => false)) await page.keyboard.press('Escape');
}

/** The id of the list row showing `title` (from its delivery cell). */
export async function rowId(page, title) {
  const cell = page.locator('.page-view:visible .ant-table-row', { hasText: title }).locator('[data-testid^="notice-delivery-"]').first();
  await cell.waitFor();
  return Number((await cell.getAttribute('data-testid')).replace('notice-delivery-', ''));
}

/** Waits until a drawer has slid in completely (it takes the whole width on a phone). */
export async function panelSettled(page, width) {
  await until(async () => {
    const box = await page.locator('.ant-drawer-content-wrapper').filter({ has: page.locator('.ant-drawer-section:not(.app-sider-drawer *)') }).last().boundingBox();
    return box && Math.round(box.width) === width && Math.round(box.x + box.width) === Math.round(page.viewportSize().width);
  }, `the panel is ${width} px wide and in place`);
}

export async function closePanel(page) {
  await page.locator('.ant-drawer-section .ant-drawer-close').last().click();
  await until(async () => (await page.locator('.ant-drawer-section:visible').count()) === 0, 'the panel closes');
}

export const noticeFlows = [
  {
    name: 'notices: the class teacher publishes to the class parents with a picture; the parent reads it on a phone; the receipts show it read',
    async run({ page, context, base, browser, shot }) {
      const title = `校运会通知 ${String(Date.now()).slice(-6)}`;
      await signIn(page, context, base, 'T0002');
      await page.goto(`${base}/jxhd/tzfb`);
      await page.getByTestId('notices-page').waitFor();
      await waitForList(page);
      await shot('release-zh');

      await page.getByTestId('notices-page').getByTestId('manage-add').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('notice-dialog') });
      await dialog.waitFor();
      await page.getByTestId('notice-form-title').fill(title);
      await page.getByTestId('notice-form-content').fill('本周五下午举行校运会，请家长提醒孩子穿运动服。\n下雨则顺延。');
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/files/upload'));
      await page.getByTestId('notice-form-images').locator('input[type=file]').setInputFiles({ name: 'sports-day.png', mimeType: 'image/png', buffer: gradientPng() });
      assert((await uploaded).status() === 200, 'the picture was uploaded');
      await until(async () => (await page.getByTestId('notice-form-images').locator('.ant-upload-list-item-name').allInnerTexts()).join() === 'sports-day.png', 'the picture is listed');
      // No Picker for a class teacher: classes only, to their parents by default.
      assert((await dialog.getByTestId('picker-field').count()) === 0, 'no Picker without homeSchool:notice:all');
      await pickOption(page, page.getByTestId('notice-form-classes'), LED_CLASS);
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
      assert((await dialog.locator('.ant-radio-button-wrapper-checked').innerText()).includes('家长'), 'parents are the default audience');
      await shot('publish-form');
      await page.getByTestId('notice-dialog-ok').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('.ant-message-success').filter({ hasText: '发布成功' }).first().waitFor();

      await until(async () => (await listText(page)).includes(title), 'the new notice is listed');
      const id = await rowId(page, title);
      // The row follows its delivery (background work) until every parent has it.
      const delivery = page.getByTestId(`notice-delivery-${id}`);
      await until(async () => (await delivery.getAttribute('data-status')) === 'delivered', 'the notice is delivered', 60_000);
      assert((await delivery.innerText()).includes('已送达'), 'the status reads delivered');
      const total = Number((await page.getByTestId(`notice-read-${id}`).innerText()).split('/')[1]);
      assert(total >= 1, `it reached the parents (${total})`);

      // The parent, on a phone.
      const phone = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
      try {
        const mobile = await phone.newPage();
        await signIn(mobile, phone, base, 'jz201911001');
        await mobile.goto(`${base}/jxhd/wdtz`);
        await mobile.getByTestId('my-notices-page').waitFor();
        const card = mobile.getByTestId('my-notice-card').filter({ hasText: title });
        await card.waitFor();
        assert((await card.getByTestId('my-notice-row-title').getAttribute('data-unread')) === '1', 'the new notice is marked unread');
        assert(Number(await mobile.getByTestId('my-notices-unread').getAttribute('data-count')) >= 1, 'the unread count is shown');
        assert((await mobile.locator('.ant-table-thead').count()) === 0, 'cards, not a table');
        assert(!(await scrollsSideways(mobile)), 'the list does not scroll sideways');
        await shotOf(mobile, 'my-notices-phone');

        await card.click();
        const detail = mobile.getByTestId('my-notice-detail');
        await detail.waitFor();
        assert((await detail.getByTestId('my-notice-title').innerText()).includes(title), 'the notice opens');
        assert((await detail.getByTestId('notice-content').innerText()).includes('校运会'), 'its content is shown');
        await panelSettled(mobile, 390);
        const picture = detail.locator('img.ant-image-img').first();
        await picture.waitFor();
        assert((await picture.getAttribute('src')).startsWith('blob:'), 'the picture comes through the authorised download');
        await until(async () => (await picture.evaluate((el) => el.complete && el.naturalWidth)) === 64, 'the picture decodes');
        assert(!(await scrollsSideways(mobile)), 'the open notice does not scroll sideways');
        await shotOf(mobile, 'my-notice-phone');
        // The thumbnail opens the preview.
        await picture.click();
        await mobile.locator('.ant-image-preview-img').first().waitFor();
        await shotOf(mobile, 'my-notice-preview-phone');
        await mobile.keyboard.press('Escape');
        await mobile.locator('.ant-image-preview-img').first().waitFor({ state: 'hidden' });
        await mobile.getByTestId('my-notice-close').click();
        await until(async () => (await card.getByTestId('my-notice-row-title').getAttribute('data-unread')) === '0', 'the notice is read now');
      } finally {
        await phone.close();
      }

      // The class teacher's receipts: the parent has read it.
      await page.getByTestId(`notice-receipts-${id}`).click();
      const receipts = page.getByTestId('notice-receipts');
      await receipts.waitFor();
      await until(async () => Number(await receipts.getByTestId('receipts-read').innerText().then((t) => t.replace(/\D/g, ''))) >= 1, 'one recipient has read it');
      const keyword = receipts.locator('input[data-testid="receipts-keyword"], [data-testid="receipts-keyword"] input').first();
      await keyword.fill('jz201911001');
      await keyword.press('Enter');
      const parentRow = receipts.locator('.ant-table-row', { hasText: 'jz201911001' });
      await until(async () => (await receipts.locator('.ant-table-row').count()) === 1 && (await parentRow.count()) === 1, 'the parent is found');
      const text = await parentRow.innerText();
      assert(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text) && !text.includes('未读'), `the parent's read time is shown: ${text}`);
      assert(text.includes('张小明'), `the parent is related to the child: ${text}`);
      await shot('receipts-zh');
      await closePanel(page);

      // The publisher's view of it, and the class teacher's own received notices on a wide screen.
      await page.getByTestId(`notice-view-${id}`).click();
      await page.getByTestId('notice-view').locator('img.ant-image-img').first().waitFor();
      await panelSettled(page, 720);
      await shot('view-zh');
      await closePanel(page);
      await page.goto(`${base}/jxhd/wdtz`);
      await page.getByTestId('my-notices-page').waitFor();
      await waitForList(page);
      assert((await page.locator('.page-view:visible .ant-table-thead').count()) === 1, 'a table on a wide screen');
      await shot('my-notices-zh');
    },
  },
  {
    name: 'notices: both notice pages in English show no Chinese outside data',
    async run({ page, context, base, browser, shot }) {
      await signIn(page, context, base, 'T0002', 'en');
      await page.goto(`${base}/jxhd/tzfb`);
      await page.getByTestId('notices-page').waitFor();
      await waitForList(page);
      await assertEnglish(page, 'the notice list');
      await shot('release-en');

      await page.getByTestId('notices-page').getByTestId('manage-add').click();
      await page.getByTestId('notice-dialog').waitFor();
      await assertEnglish(page, 'the publishing form');
      await page.getByTestId('notice-dialog-ok').click();
      await until(async () => (await page.locator('.ant-modal .ant-form-item-explain-error').count()) >= 3, 'the form shows its checks');
      await assertEnglish(page, 'the form checks');
      await shot('publish-form-en');
      await page.getByTestId('notice-dialog-cancel').click();
      await page.getByTestId('notice-dialog').waitFor({ state: 'hidden' });

      const first = page.locator('.page-view:visible [data-testid^="notice-receipts-"]').first();
      await first.click();
      await page.getByTestId('notice-receipts').waitFor();
      await until(async () => (await page.getByTestId('notice-receipts').locator('.ant-table-row').count()) > 0, 'the receipts load');
      await assertEnglish(page, 'the receipts');
      await shot('receipts-en');
      await closePanel(page);

      await page.locator('.page-view:visible [data-testid^="notice-view-"]').first().click();
      await page.getByTestId('notice-view').waitFor();
      await assertEnglish(page, 'the notice view');
      await closePanel(page);

      await page.goto(`${base}/jxhd/wdtz`);
      await page.getByTestId('my-notices-page').waitFor();
      await waitForList(page);
      await assertEnglish(page, 'my notices on a wide screen');
      await page.locator('.page-view:visible .my-notice-row').first().click();
      await page.getByTestId('my-notice-detail').waitFor();
      await panelSettled(page, 720);
      await assertEnglish(page, 'an open notice on a wide screen');
      await shot('my-notices-en');
      await closePanel(page);

      const phone = await browser.newContext({ ...PHONE, locale: 'en-GB' });
      try {
        const mobile = await phone.newPage();
        await signIn(mobile, phone, base, 'jz201911001', 'en');
        await mobile.goto(`${base}/jxhd/wdtz`);
        await mobile.getByTestId('my-notices-page').waitFor();
        await mobile.getByTestId('my-notice-card').first().waitFor();
        await assertEnglish(mobile, 'my notices');
        assert((await mobile.getByTestId('my-notices-unread').innerText()).includes('unread'), 'the unread count in English');
        assert(!(await scrollsSideways(mobile)), 'no sideways scrolling in English either');
        await shotOf(mobile, 'my-notices-phone-en');
        await mobile.getByTestId('my-notice-card').first().click();
        await mobile.getByTestId('my-notice-detail').waitFor();
        await panelSettled(mobile, 390);
        await assertEnglish(mobile, 'an open notice');
        await shotOf(mobile, 'my-notice-phone-en');
      } finally {
        await phone.close();
      }
    },
  },
];
