// Browser flows of issue 4 (system management), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { api } from '../api.mjs';

const DEMO_PASSWORD = 'Demo@2026';
const CHINESE = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

async function signIn(page, context, base, username, password = DEMO_PASSWORD, lang = 'zh') {
  if (lang === 'en') await context.addCookies([{ name: 'language', value: 'en', url: base }]);
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('sidebar').waitFor();
}

/** The open dialog holding the element with this test id. */
const dialogWith = (page, testId) => page.locator('.ant-modal').filter({ has: page.getByTestId(testId) }).last();

async function pickInSelect(page, select, text) {
  await select.click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
}

/** Ticks a node of the role's menu tree by its title, and waits until the tree shows it ticked. */
async function tickMenu(page, title) {
  const node = page.getByTestId('roles-menu-tree').locator('.ant-tree-treenode:not([aria-hidden])').filter({ hasText: new RegExp(`^${title}$`) }).first();
  await until(async () => {
    if ((await node.locator('.ant-tree-checkbox-checked').count()) > 0) return true;
    await node.locator('.ant-tree-checkbox').click();
    await page.waitForTimeout(200);
    return (await node.locator('.ant-tree-checkbox-checked').count()) > 0;
  }, `${title} is ticked`);
}

async function expandMenu(page, title) {
  const node = page.getByTestId('roles-menu-tree').locator('.ant-tree-treenode:not([aria-hidden])').filter({ hasText: new RegExp(`^${title}$`) }).first();
  await node.locator('.ant-tree-switcher').click();
}

/** Pages of the system-management menu that exist in the seed (the job log is a hidden page). */
const SYSTEM_PAGES = ['/xtgl/yhgl', '/xtgl/jsgl', '/xtgl/jslx', '/xtgl/cdgl', '/xtgl/zdgl', '/xtgl/rzgl', '/xtgl/xtpz', '/datasynchronization', '/job/log', '/xtgl/mmgz', '/xtgl/zzjg', '/xtgl/xl', '/xtgl/xqgl', '/xtgl/lygl', '/xtgl/jsglr', '/xtgl/kcgl', '/xtgl/njks', '/xtgl/jyzgl', '/xtgl/bjgl', '/xtgl/xsgl', '/xtgl/sykp', '/custom-page', '/custom-page/drag'];

export const systemFlows = [
  {
    name: 'admin creates a teacher and a role with two menus; the teacher sees exactly those menus',
    async run({ page, context, base, browser, shot }) {
      // Names of their own, so that a retry of this flow does not meet the first attempt's records.
      const n = String(Date.now() % 9000 + 1000);
      const roleCode = `e2e_notice_${n}`;
      const roleName = `通知与作业${n}`;
      const account = `T7${n}`;
      await signIn(page, context, base, 'admin');
      // The role first: two pages of the home-school area.
      await page.goto(`${base}/xtgl/jsgl`);
      await page.getByTestId('roles-page').waitFor();
      await page.getByTestId('roles-page').getByTestId('manage-add').click();
      const roleDialog = dialogWith(page, 'roles-dialog');
      await roleDialog.getByTestId('roles-form-code').fill(roleCode);
      await roleDialog.getByTestId('roles-form-name').fill(roleName);
      await roleDialog.getByTestId('roles-dialog-ok').click();
      await roleDialog.waitFor({ state: 'hidden' });
      await page.getByTestId(`roles-menus-${roleCode}`).waitFor();
      await page.getByTestId(`roles-menus-${roleCode}`).click();
      await page.getByTestId('roles-menu-tree').locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor();
      await expandMenu(page, '家校互动');
      await page.getByTestId('roles-menu-tree').locator('.ant-tree-treenode:not([aria-hidden])').filter({ hasText: /^作业发布$/ }).first().waitFor();
      await tickMenu(page, '作业发布');
      await tickMenu(page, '通知发布');
      await shot('role-menus');
      await page.locator('.ant-modal').filter({ has: page.getByTestId('roles-menu-tree') }).getByRole('button', { name: /保\s*存/ }).click();
      await page.getByTestId('roles-menu-tree').waitFor({ state: 'hidden' });

      // Then the teacher with that role.
      await page.goto(`${base}/xtgl/yhgl`);
      await page.getByTestId('users-page').waitFor();
      await page.getByTestId('users-page').getByTestId('manage-add').click();
      const userDialog = dialogWith(page, 'users-dialog');
      await userDialog.getByTestId('users-form-account').fill(account);
      await userDialog.getByTestId('users-form-name').fill('新入职老师');
      // The shared password rule shows before anything is sent.
      await userDialog.getByTestId('users-form-password').fill('abcdef');
      await userDialog.getByTestId('users-dialog-ok').click();
      await until(async () => (await userDialog.locator('.ant-form-item-explain-error').allInnerTexts()).some((text) => text.includes('6 到 12 位')), 'the password rule shows');
      await userDialog.getByTestId('users-form-password').fill('Teach7001');
      await pickInSelect(page, userDialog.getByTestId('users-form-roles'), roleName);
      // Close the list by clicking the dialog's title: Escape could reach the dialog and close it, and the
      // list may open upwards over the fields above it.
      await userDialog.locator('.ant-modal-title').click();
      await until(async () => (await userDialog.getByTestId('users-form-roles').innerText()).includes(roleName), 'the role is chosen');
      await userDialog.getByTestId('users-dialog-ok').click();
      await userDialog.waitFor({ state: 'hidden' });
      await page.getByTestId('users-keyword').fill(account);
      await page.getByTestId('users-keyword').press('Enter');
      await until(async () => (await page.getByTestId('users-page').locator('.ant-table-tbody').innerText()).includes('新入职老师'), 'the new user is listed');
      await shot('user-created');

      // The teacher signs in elsewhere and sees exactly the two pages.
      const teacherContext = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'zh-CN' });
      try {
        const teacherPage = await teacherContext.newPage();
        await signIn(teacherPage, teacherContext, base, account, 'Teach7001');
        const sidebar = teacherPage.getByTestId('sidebar');
        await sidebar.locator('.ant-menu-submenu-title', { hasText: '家校互动' }).click();
        await until(async () => (await sidebar.locator('.ant-menu-item').allInnerTexts()).length >= 3, 'the group opens');
        const entries = (await sidebar.locator('.ant-menu-item').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
        assert(JSON.stringify(entries) === JSON.stringify(['首页', '作业发布', '通知发布']), `the teacher's menus: ${entries}`);
        const groups = (await sidebar.locator('.ant-menu-submenu-title').allInnerTexts()).map((text) => text.trim());
        assert(JSON.stringify(groups) === JSON.stringify(['家校互动']), `the teacher's groups: ${groups}`);
        await teacherPage.goto(`${base}/xtgl/yhgl`);
        await teacherPage.waitForURL(/\/404$/);
      } finally {
        await teacherContext.close();
      }
    },
  },
  {
    name: 'admin designs a custom page by dragging blocks, publishes it and opens it from the menu',
    async run({ page, context, base, shot }) {
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/custom-page`);
      await page.getByTestId('custom-pages').getByTestId('manage-add').click();
      await page.waitForURL(/\/custom-page\/drag$/);
      const designer = page.getByTestId('custom-page-designer');
      await designer.getByTestId('designer-param').fill('open-day');
      await designer.getByTestId('designer-title').fill('校园开放日');
      await designer.getByTestId('designer-title-en').fill('Open day');
      // Drag a heading onto the empty canvas, then a notice below it.
      await designer.getByTestId('designer-palette-heading').dragTo(designer.getByTestId('designer-drop-0'));
      await until(async () => (await designer.getByTestId('designer-block').count()) === 1, 'the heading lands on the canvas');
      await designer.getByTestId('designer-palette-notice').dragTo(designer.getByTestId('designer-drop-1'));
      await until(async () => (await designer.getByTestId('designer-block').count()) === 2, 'the notice lands below');
      // Drag the notice above the heading.
      await designer.getByTestId('designer-block').nth(1).dragTo(designer.getByTestId('designer-drop-0'));
      await until(async () => (await designer.getByTestId('designer-block').first().getAttribute('data-type')) === 'notice', 'the notice moved up');
      await designer.getByTestId('designer-block').nth(1).click();
      await designer.getByTestId('designer-prop-text').fill('欢迎参加校园开放日');
      await designer.getByTestId('designer-save').click();
      await until(async () => (await page.locator('.ant-message').innerText().catch(() => '')).includes('新增成功'), 'saved');
      await shot('designer');

      await page.goto(`${base}/custom-page`);
      const list = page.getByTestId('custom-pages');
      await list.getByTestId('custom-publish-open-day').click();
      const form = page.getByTestId('custom-publish-form');
      await form.getByTestId('custom-publish-parent').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: /^家校互动$/ }).click();
      await page.locator('.ant-modal').filter({ has: form }).getByRole('button', { name: /^发\s*布$/ }).click();
      await form.waitFor({ state: 'hidden' });
      // The publisher's menu shows the entry at once.
      const sidebar = page.getByTestId('sidebar');
      const entry = sidebar.locator('.ant-menu-item', { hasText: '校园开放日' });
      if (!(await entry.isVisible())) await sidebar.locator('.ant-menu-submenu-title', { hasText: '家校互动' }).click();
      await entry.click();
      await page.waitForURL(/\/customPreview\/open-day$/);
      const view = page.getByTestId('custom-page-view');
      await until(async () => (await view.innerText()).includes('欢迎参加校园开放日'), 'the published page shows the heading');
      assert((await view.innerText()).indexOf('提示') < (await view.innerText()).indexOf('欢迎参加校园开放日'), 'the notice comes first');
      await shot('published');
    },
  },
  {
    name: 'admin drags a menu onto a sibling in the menu tree to reorder it',
    async run({ page, context, base }) {
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xtgl/cdgl`);
      await page.getByTestId('menus-page').waitFor();
      await page.getByTestId('menus-expand-all').click();
      const table = page.getByTestId('menus-table');
      // The home-school pages (not their buttons), in table order, as [test id, menu id].
      const order = async () =>
        (await table.locator('tr[data-testid^="menus-tr-homeSchool."]').evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-testid'), Number(row.getAttribute('data-row-key'))]))).filter(
          ([id]) => id.split('.').length === 2,
        );
      await until(async () => (await order()).length >= 5, 'the home-school entries are listed');
      // The group's entries as the server has them (other flows may have added pages to it).
      const group = (await api(page, base, 'admin', '/api/system/menus/tree')).data.find((node) => node.code === 'homeSchool');
      await order();
      // The second entry onto the first: both in view (the group's later pages sit below their expanded
      // buttons, past the fold, where a drag does not reach).
      const last = 'menus-tr-homeSchool.myHomework';
      await table.getByTestId(last).dragTo(table.getByTestId('menus-tr-homeSchool.assignment'));
      await until(async () => {
        const ids = (await order()).map(([id]) => id);
        return ids.indexOf(last) < ids.indexOf('menus-tr-homeSchool.assignment');
      }, `${last} now comes before the assignment page`);
      // Put the group's order back for the flows that follow.
      const restored = await api(page, base, 'admin', '/api/system/menus/reorder', { parentId: group.id, ids: group.children.map((node) => node.id) });
      assert(restored.result === true, `the order is restored: ${restored.msg}`);
    },
  },
  ...['zh', 'en'].map((lang) => ({
    name: `every system-management page opens without a console error (${lang})`,
    async run({ page, context, base }) {
      const problems = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
      });
      await signIn(page, context, base, 'admin', DEMO_PASSWORD, lang);
      for (const path of SYSTEM_PAGES) {
        await page.goto(`${base}${path}`);
        await page.waitForURL(new RegExp(`${path}$`));
        const view = page.locator('.page-view:visible');
        await view.waitFor();
        await until(async () => (await view.innerText()).trim().length > 0 && (await page.locator('.page-view:visible .ant-spin-spinning').count()) === 0, `${path} renders`);
        if (lang === 'en') {
          // Data may be Chinese (names in the demo school); the screen's own texts may not. Table bodies hold data.
          const chrome = await page.evaluate(() => {
            const root = [...document.querySelectorAll('.page-view')].find((el) => el instanceof HTMLElement && el.offsetParent !== null) ?? document.body;
            const clone = root.cloneNode(true);
            clone.querySelectorAll('.ant-table-tbody, .ant-select-selection-item').forEach((node) => node.remove());
            return clone.textContent ?? '';
          });
          assert(!CHINESE.test(chrome), `${path} shows Chinese outside data: ${chrome.slice(0, 200)}`);
        }
      }
      assert(problems.length === 0, `console errors: ${problems.join(' | ')}`);
    },
  })),
];
