// Browser flows of the menu, dictionary and role-type screens (issue 4, items 3 and 4), appended to flows.mjs.
import { assert, until } from '../flows.mjs';
import { api as callApi } from '../api.mjs';

const DEMO_PASSWORD = 'Demo@2026';

async function signIn(page, context, base, username, lang = 'zh') {
  if (lang === 'en') await context.addCookies([{ name: 'language', value: 'en', url: base }]);
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('sidebar').waitFor();
}

const dialogWith = (page, testId) => page.locator('.ant-modal').filter({ has: page.getByTestId(testId) }).last();
const toast = (page) => page.locator('.ant-message').innerText().catch(() => '');

/** The English sidebar entries of the home-school group, in order, as a teacher sees them after logging in. */
async function teacherHomeSchoolEntries(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    // T0002: an earlier flow changes T0001's password.
    await signIn(page, context, base, 'T0002', 'en');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.locator('.ant-menu-submenu-title', { hasText: 'Home-school' }).click();
    await until(async () => (await sidebar.locator('.ant-menu-item').allInnerTexts()).length >= 3, 'the group opens');
    return (await sidebar.locator('.ant-menu-sub .ant-menu-item').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  } finally {
    await context.close();
  }
}

export const menusDictsFlows = [
  {
    name: "admin renames a menu's English name and moves it; the teacher's sidebar shows both at the next login",
    async run({ page, context, base, browser, shot }) {
      const before = await teacherHomeSchoolEntries(browser, base);
      assert(before.indexOf('Assignment release') < before.indexOf('Notice release'), `starting order: ${before}`);

      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xtgl/cdgl`);
      await page.getByTestId('menus-page').waitFor();
      await page.getByTestId('menus-search').locator('input').fill('通知发布');
      await page.getByTestId('menus-search').locator('input').press('Enter');
      await page.getByTestId('menus-edit-homeSchool.notice').waitFor();
      await page.getByTestId('menus-edit-homeSchool.notice').click();
      const dialog = dialogWith(page, 'menus-dialog');
      await until(async () => (await dialog.getByTestId('menus-form-name').inputValue()) === '通知发布', 'the form is filled');
      // The shared rule shows before anything is sent: no outer spaces in the name.
      await dialog.getByTestId('menus-form-name').fill('通知发布 ');
      await dialog.getByTestId('menus-dialog-ok').click();
      await until(async () => (await dialog.locator('.ant-form-item-explain-error').allInnerTexts()).some((text) => text.includes('首尾不能有空格')), 'the name rule shows');
      await dialog.getByTestId('menus-form-name').fill('通知发布');
      await dialog.getByTestId('menus-form-name-en').fill('School notices');
      await shot('menu-form');
      await dialog.getByTestId('menus-dialog-ok').click();
      await dialog.waitFor({ state: 'hidden' });
      await until(async () => (await page.getByTestId('menus-table').innerText()).includes('School notices'), 'the tree shows the new English name');
      // Two places up: past "My notices" (a family page) and "Assignment release".
      for (let i = 0; i < 2; i += 1) {
        await page.getByTestId('menus-up-homeSchool.notice').click();
        await until(async () => (await toast(page)).includes('顺序已调整'), 'moved');
        await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
      }
      await page.getByTestId('menus-search').locator('input').fill('');
      await page.getByTestId('menus-search').locator('input').press('Enter');
      await page.getByTestId('menus-expand-all').click();
      await shot('menu-tree');

      const after = await teacherHomeSchoolEntries(browser, base);
      assert(after.includes('School notices') && !after.includes('Notice release'), `renamed: ${after}`);
      assert(after.indexOf('School notices') < after.indexOf('Assignment release'), `moved up: ${after}`);

      // Put the menu back as the seed has it, so flows that run later see the usual order and names.
      const api = (url, data) => callApi(page, base, 'admin', url, data);
      const find = (nodes) => nodes.flatMap((node) => [node, ...find(node.children)]);
      const notice = find((await api('/api/system/menus/tree', {})).data).find((node) => node.code === 'homeSchool.notice');
      const { code: _code, roleCount: _roles, childCount: _children, ...form } = (await api('/api/system/menus/get', { id: notice.id })).data;
      assert((await api('/api/system/menus/update', { ...form, nameEn: 'Notice release' })).result, 'renamed back');
      for (let i = 0; i < 2; i += 1) assert((await api('/api/system/menus/move', { id: notice.id, direction: 'down' })).result, 'moved back');
    },
  },
  {
    name: 'admin adds a dictionary item, withdraws it, and /dicts stops answering it',
    async run({ page, context, base, shot }) {
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xtgl/zdgl`);
      await page.getByTestId('dicts-page').waitFor();
      // A new dictionary: the name rule shows in the form.
      await page.getByTestId('dicts-table-add').click();
      const tableDialog = dialogWith(page, 'dicts-table-dialog');
      await tableDialog.getByTestId('dicts-table-form-name').fill('STD_e2e');
      await tableDialog.getByTestId('dicts-table-dialog-ok').click();
      await until(async () => (await tableDialog.locator('.ant-form-item-explain-error').allInnerTexts()).some((text) => text.includes('STD_')), 'the table-name rule shows');
      await tableDialog.getByTestId('dicts-table-form-name').fill('STD_E2E_COLOUR');
      await tableDialog.getByTestId('dicts-table-form-title').fill('颜色');
      await tableDialog.getByTestId('dicts-table-dialog-ok').click();
      await tableDialog.waitFor({ state: 'hidden' });
      await page.getByTestId('dicts-table-publish-STD_E2E_COLOUR').click();
      await until(async () => (await toast(page)).includes('字典已发布'), 'the table is published');
      await page.getByTestId('dicts-table-STD_E2E_COLOUR').click();
      await until(async () => (await page.getByTestId('dicts-items-title').innerText()).includes('STD_E2E_COLOUR'), 'the table is chosen');

      await page.getByTestId('dicts-items').getByTestId('manage-add').click();
      const itemDialog = dialogWith(page, 'dicts-item-dialog');
      await itemDialog.getByTestId('dicts-item-form-code').fill('red');
      await itemDialog.getByTestId('dicts-item-form-name').fill('红色');
      await itemDialog.getByTestId('dicts-item-form-startDate').fill('2026-09-01');
      await itemDialog.getByTestId('dicts-item-form-endDate').fill('2026-08-01');
      await itemDialog.getByTestId('dicts-item-dialog-ok').click();
      await until(async () => (await itemDialog.locator('.ant-form-item-explain-error').allInnerTexts()).some((text) => text.includes('结束日期不能早于开始日期')), 'the date rule shows');
      await itemDialog.getByTestId('dicts-item-form-endDate').fill('2027-07-31');
      await itemDialog.getByTestId('dicts-item-dialog-ok').click();
      await itemDialog.waitFor({ state: 'hidden' });
      await page.getByTestId('dicts-item-publish-red').waitFor();

      const dicts = async () => (await callApi(page, base, 'admin', '/dicts', { typeArr: 'STD_E2E_COLOUR' }, { form: true })).data.STD_E2E_COLOUR.map((item) => item.code);
      assert(JSON.stringify(await dicts()) === '["red"]', 'the published item is served');
      await shot('dictionary-items');

      await page.getByTestId('dicts-item-publish-red').click();
      await until(async () => (await toast(page)).includes('字典项已取消发布'), 'withdrawn');
      await until(async () => (await page.getByTestId('dicts-items').locator('.ant-table-tbody').innerText()).includes('未发布'), 'the row shows it');
      assert(JSON.stringify(await dicts()) === '[]', 'the withdrawn item is no longer served');

      // An item in use cannot be deleted, and the message says why.
      await page.getByTestId('dicts-table-STD_GENDER').click();
      await page.getByTestId('dicts-item-delete-1').click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();
      await until(async () => (await toast(page)).includes('所选项已被使用'), 'the in-use refusal shows');
    },
  },
  {
    name: 'role types, menus and dictionaries in English; role types without Chinese outside the data',
    async run({ page, context, base, shot }) {
      await signIn(page, context, base, 'admin', 'en');
      await page.goto(`${base}/xtgl/jslx`);
      await page.getByTestId('role-types-page').waitFor();
      await until(async () => (await page.getByTestId('role-types-page').locator('.ant-table-tbody').innerText()).includes('dynamic'), 'the types are listed');
      const chrome = await page.getByTestId('role-types-page').evaluate((root) => {
        const copy = root.cloneNode(true);
        copy.querySelectorAll('.ant-table-tbody').forEach((body) => body.remove());
        return copy.textContent;
      });
      assert(!/[\u3400-\u9fff]/.test(chrome) && (await page.locator('.role-types-hint').innerText()).includes('built-in'), `English outside the data: ${chrome.slice(0, 200)}`);
      await page.getByTestId('role-types-edit-ordinary').click();
      const dialog = dialogWith(page, 'role-types-dialog');
      await until(async () => (await dialog.locator('.ant-switch').isDisabled()), 'the ordinary type cannot be switched off');
      await shot('role-types');
      await dialog.getByTestId('role-types-dialog-cancel').click();
      // The other two screens in English, for the eye (the system-pages flow checks their texts).
      await page.goto(`${base}/xtgl/cdgl`);
      await page.getByTestId('menus-row-system').waitFor();
      await page.getByTestId('menus-add-child-system').click();
      await dialogWith(page, 'menus-dialog').getByTestId('menus-form-name').waitFor();
      await page.waitForTimeout(500);
      await shot('menus-en-form');
      await dialogWith(page, 'menus-dialog').getByTestId('menus-dialog-cancel').click();
      await page.goto(`${base}/xtgl/zdgl`);
      await page.getByTestId('dicts-table-STD_GENDER').click();
      await page.getByTestId('dicts-item-view-1').waitFor();
      await page.getByTestId('dicts-item-view-1').click();
      await dialogWith(page, 'dicts-item-dialog').waitFor();
      await page.waitForTimeout(500);
      await shot('dictionaries-en-view');
    },
  },
];
