// Browser flows of issue 3's shared components on their /demo/* pages (appended to the flows of flows.mjs).
import { assert, until } from '../flows.mjs';

const DEMO_PASSWORD = 'Demo@2026';

async function signIn(page, base, username = 'admin') {
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('sidebar').waitFor();
}

/** Opens a layout route by its address, as a user following a link would. */
async function open(page, base, path) {
  await page.goto(`${base}${path}`);
  await page.waitForURL(new RegExp(`${path}$`));
}

const valueOf = async (page, id) => (await page.getByTestId(`demo-picker-${id}-value`).innerText()).replace(/^[^:]*:\s*/, '').trim();

/** Chinese characters (CJK ideographs and punctuation): an English page shows none outside data. */
const CHINESE = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

function assertEnglish(text, what) {
  assert(!CHINESE.test(text), `${what} shows Chinese: ${text}`);
}

/** Signs in with the language cookie set first, the way profileFlows.mjs does. */
async function signInEnglish(page, context, base, username = 'admin') {
  await context.addCookies([{ name: 'language', value: 'en', url: base }]);
  await signIn(page, base, username);
}

/** Opens an Ant Design select, types to filter it, and picks the option whose text is exactly `text`. */
async function pickOption(page, select, typed, text) {
  await select.click();
  await page.keyboard.type(typed);
  const exact = new RegExp(`^\\s*${text.replace(/[()]/g, '\\$&')}\\s*$`);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: exact }).first();
  await option.waitFor();
  await option.click();
}

export const componentFlows = [
  {
    name: 'admin picks people and an organisation in the picker, hits the limit and removes a tag',
    async run({ page, base, shot }) {
      await signIn(page, base);
      await open(page, base, '/demo/picker');
      const card = page.getByTestId('demo-picker-all');
      await card.waitFor();
      assert((await card.getByTestId('picker-field').innerText()).includes('请选择'), 'the placeholder reads 请选择');
      await card.getByTestId('picker-field').click();
      const popover = page.getByTestId('picker-popover');
      await popover.waitFor();
      // Measured once the opening (zoom) animation has ended.
      await until(async () => Math.round((await popover.boundingBox()).width) === 400, 'the popover is 400 px wide');
      assert((await popover.locator('.ant-tabs-tab-active').innerText()).includes('人员'), 'the people tab is active first');
      const rows = popover.locator('.ant-table-tbody tr.ant-table-row');
      await until(async () => (await rows.count()) === 5, 'five people per page');

      // Enter searches (typing alone does not).
      const search = popover.getByTestId('picker-people-search').locator('input').first();
      await search.fill('T000');
      await search.press('Enter');
      await until(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes('T000'));
      }, 'the rows match the keyword');
      const first = (await rows.nth(0).innerText()).split('\t');
      const second = (await rows.nth(1).innerText()).split('\t');
      await rows.nth(0).locator('input[type=checkbox]').check();
      await rows.nth(1).locator('input[type=checkbox]').check();
      await until(async () => (await valueOf(page, 'all')).split(',').length === 2, 'two people picked');
      const people = (await valueOf(page, 'all')).split(',');
      assert(people.every((code) => code.startsWith('U_T000')), `people codes: ${people}`);

      // An organisation: the value keeps people first.
      await popover.locator('.ant-tabs-tab', { hasText: '组织机构' }).click();
      // Tree nodes with a checkbox (Ant Design also renders a hidden measuring node).
      const nodes = popover.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-checkbox') });
      await until(async () => (await nodes.count()) > 1, 'the organisation tree is shown');
      await nodes.nth(1).locator('.ant-tree-checkbox').click();
      await until(async () => (await valueOf(page, 'all')).split(',').length === 3, 'an organisation picked');
      const three = (await valueOf(page, 'all')).split(',');
      assert(three[0].startsWith('U_') && three[1].startsWith('U_') && three[2].startsWith('O_'), `order people, org: ${three}`);
      await shot('picked');

      // The limit is 3: a fourth pick is refused and reverted.
      await nodes.nth(0).locator('.ant-tree-checkbox').click();
      await page.locator('.ant-message-error', { hasText: '您最多可选3个' }).waitFor();
      assert((await valueOf(page, 'all')) === three.join(','), 'the selection is unchanged');
      assert(!(await nodes.nth(0).locator('.ant-tree-checkbox').getAttribute('class')).includes('checked'), 'the refused node stays unchecked');

      // Removing a tag unchecks its row.
      const tag = card.getByTestId('picker-tag').filter({ hasText: first[1]?.trim() || first[0].trim() });
      await tag.locator('.ant-tag-close-icon').click();
      await until(async () => (await valueOf(page, 'all')).split(',').length === 2, 'the tag is removed');
      await popover.locator('.ant-tabs-tab', { hasText: '人员' }).click();
      await until(async () => !(await rows.nth(0).locator('input[type=checkbox]').isChecked()), 'its row is unchecked');
      assert(await rows.nth(1).locator('input[type=checkbox]').isChecked(), `the other person stays checked (${second.join(' ')})`);
    },
  },
  {
    name: 'admin pages and sorts the operation log in the paged table',
    async run({ page, base, browser, shot }) {
      await signIn(page, base);
      await open(page, base, '/demo/pagination');
      const table = page.getByTestId('demo-pagination');
      const rows = table.locator('.ant-table-tbody tr.ant-table-row');
      const readTotal = async () => Number((await table.getByTestId('pagination-total').innerText()).replace(/\D/g, ''));
      await until(async () => (await rows.count()) > 0 && (await rows.count()) === Math.min(10, await readTotal()), 'the first page');
      // Enough log lines for a second page (when this flow runs alone): every sign-in is logged.
      const missing = Math.max(0, 11 - (await readTotal()));
      for (let i = 0; i < missing; i += 1) {
        const other = await browser.newContext();
        try {
          await signIn(await other.newPage(), base, 'T0002');
        } finally {
          await other.close();
        }
      }
      if (missing) await table.getByTestId('demo-reload').click();
      await until(async () => (await rows.count()) === 10, 'ten rows on the first page');
      const total = await readTotal();
      assert(total > 10, `more than one page (${total})`);
      const pageButtons = table.getByTestId('pagination-pager').locator('.campus-pager-item');
      assert((await pageButtons.count()) <= 7, 'at most 7 page buttons');

      // Page size 20.
      await table.getByTestId('pagination-sizes').click();
      await page.locator('.ant-select-item-option', { hasText: '20 条/页' }).click();
      await until(async () => (await rows.count()) === Math.min(20, total), `min(20, ${total}) rows`);
      assert((await table.getByTestId('pagination-sizes').innerText()).includes('20 条/页'), 'the size shows 20 per page');
      await shot('twenty');

      // Sort by duration: ascending, descending, none.
      const header = table.locator('th', { hasText: '耗时' });
      const durationIndex = await header.evaluate((th) => Array.from(th.parentElement.children).indexOf(th));
      const durations = async () => (await rows.locator(`td:nth-child(${durationIndex + 1})`).allInnerTexts()).map(Number);
      const sorted = (list, dir) => list.every((v, i) => i === 0 || (dir === 'asc' ? list[i - 1] <= v : list[i - 1] >= v));
      await header.click();
      await until(async () => (await header.getAttribute('aria-sort')) === 'ascending' && sorted(await durations(), 'asc'), 'ascending durations');
      await header.click();
      await until(async () => (await header.getAttribute('aria-sort')) === 'descending' && sorted(await durations(), 'desc'), 'descending durations');
      const longest = (await durations())[0];
      await header.click();
      await until(async () => (await header.getAttribute('aria-sort')) === null, 'no sort');
      assert((await rows.count()) === Math.min(20, total), 'the page size is kept while sorting');
      assert(longest >= Math.max(...(await durations())), 'the descending sort started with the longest call');
    },
  },
  {
    name: 'admin picks people and an organisation in the picker in English, hits the limit and removes a tag',
    async run({ page, context, base, shot }) {
      await signInEnglish(page, context, base);
      await open(page, base, '/demo/picker');
      const card = page.getByTestId('demo-picker-all');
      await card.waitFor();
      assert((await card.getByTestId('picker-field').innerText()).includes('Please select'), 'the placeholder reads Please select');
      assertEnglish(await page.getByTestId('sidebar').innerText(), 'the menu');
      await card.getByTestId('picker-field').click();
      const popover = page.getByTestId('picker-popover');
      await popover.waitFor();
      await until(async () => Math.round((await popover.boundingBox()).width) === 400, 'the popover is 400 px wide');
      assert((await popover.locator('.ant-tabs-tab-active').innerText()).includes('People'), 'the people tab is active first');
      const rows = popover.locator('.ant-table-tbody tr.ant-table-row');
      await until(async () => (await rows.count()) === 5, 'five people per page');
      assertEnglish(await popover.locator('.ant-tabs-nav').innerText(), 'the picker tabs');
      assertEnglish(await popover.locator('.ant-table-thead').innerText(), 'the people table header');
      const search = popover.getByTestId('picker-people-search').locator('input').first();
      assertEnglish((await search.getAttribute('placeholder')) ?? '', 'the search placeholder');

      await search.fill('T000');
      await search.press('Enter');
      await until(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes('T000'));
      }, 'the rows match the keyword');
      const first = (await rows.nth(0).innerText()).split('\t');
      await rows.nth(0).locator('input[type=checkbox]').check();
      await rows.nth(1).locator('input[type=checkbox]').check();
      await until(async () => (await valueOf(page, 'all')).split(',').length === 2, 'two people picked');

      await popover.locator('.ant-tabs-tab', { hasText: 'Organisations' }).click();
      const nodes = popover.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-checkbox') });
      await until(async () => (await nodes.count()) > 1, 'the organisation tree is shown');
      // Organisation names have English names, so the tree is English too.
      assertEnglish(await nodes.nth(0).innerText(), 'the organisation tree');
      await nodes.nth(1).locator('.ant-tree-checkbox').click();
      await until(async () => (await valueOf(page, 'all')).split(',').length === 3, 'an organisation picked');
      const three = (await valueOf(page, 'all')).split(',');
      await shot('picked-en');

      await nodes.nth(0).locator('.ant-tree-checkbox').click();
      await page.locator('.ant-message-error', { hasText: 'You can choose at most 3' }).waitFor();
      assert((await valueOf(page, 'all')) === three.join(','), 'the selection is unchanged');

      const tag = card.getByTestId('picker-tag').filter({ hasText: first[1]?.trim() || first[0].trim() });
      await tag.locator('.ant-tag-close-icon').click();
      await until(async () => (await valueOf(page, 'all')).split(',').length === 2, 'the tag is removed');
      await popover.locator('.ant-tabs-tab', { hasText: 'People' }).click();
      await until(async () => !(await rows.nth(0).locator('input[type=checkbox]').isChecked()), 'its row is unchecked');
    },
  },
  {
    name: 'admin pages and sorts the operation log in the paged table in English',
    async run({ page, context, base, browser, shot }) {
      await signInEnglish(page, context, base);
      await open(page, base, '/demo/pagination');
      const table = page.getByTestId('demo-pagination');
      const rows = table.locator('.ant-table-tbody tr.ant-table-row');
      const readTotal = async () => Number((await table.getByTestId('pagination-total').innerText()).replace(/\D/g, ''));
      await until(async () => (await rows.count()) > 0 && (await rows.count()) === Math.min(10, await readTotal()), 'the first page');
      const missing = Math.max(0, 11 - (await readTotal()));
      for (let i = 0; i < missing; i += 1) {
        const other = await browser.newContext();
        try {
          await signIn(await other.newPage(), base, 'T0002');
        } finally {
          await other.close();
        }
      }
      if (missing) await table.getByTestId('demo-reload').click();
      await until(async () => (await rows.count()) === 10, 'ten rows on the first page');
      const total = await readTotal();
      assert((await table.getByTestId('pagination-total').innerText()).includes('Total'), 'the total reads Total N');
      assertEnglish(await table.locator('.ant-table-thead').innerText(), 'the table header');
      assertEnglish(await table.getByTestId('pagination-total').innerText(), 'the total');
      assertEnglish(await table.getByTestId('pagination-sizes').innerText(), 'the page-size choice');

      await table.getByTestId('pagination-sizes').click();
      await page.locator('.ant-select-item-option', { hasText: '20 / page' }).click();
      await until(async () => (await rows.count()) === Math.min(20, total), `min(20, ${total}) rows`);
      assert((await table.getByTestId('pagination-sizes').innerText()).includes('20 / page'), 'the size shows 20 / page');
      await shot('twenty-en');

      const header = table.locator('th', { hasText: 'Duration (ms)' });
      const durationIndex = await header.evaluate((th) => Array.from(th.parentElement.children).indexOf(th));
      const durations = async () => (await rows.locator(`td:nth-child(${durationIndex + 1})`).allInnerTexts()).map(Number);
      const sorted = (list, dir) => list.every((v, i) => i === 0 || (dir === 'asc' ? list[i - 1] <= v : list[i - 1] >= v));
      await header.click();
      await until(async () => (await header.getAttribute('aria-sort')) === 'ascending' && sorted(await durations(), 'asc'), 'ascending durations');
      await header.click();
      await until(async () => (await header.getAttribute('aria-sort')) === 'descending' && sorted(await durations(), 'desc'), 'descending durations');
      await header.click();
      await until(async () => (await header.getAttribute('aria-sort')) === null, 'no sort');
      await page.getByRole('heading', { name: 'Paged table' }).waitFor();
    },
  },
  {
    name: 'the class teacher T0002 sees only the students of her classes in student information; the administrator sees every student',
    async run({ page, base, browser, shot }) {
      const totalOf = async (list) => Number((await list.getByTestId('pagination-total').innerText()).replace(/\D/g, ''));
      const classesShown = async (list) => {
        const header = list.locator('th', { hasText: /^\s*班级\s*$/ });
        const index = await header.evaluate((th) => Array.from(th.parentElement.children).indexOf(th));
        return new Set(await list.locator(`.ant-table-tbody tr.ant-table-row td:nth-child(${index + 1})`).allInnerTexts());
      };
      await signIn(page, base, 'T0002');
      await open(page, base, '/rygl/xsxx');
      const list = page.getByTestId('students-page');
      const rows = list.locator('.ant-table-tbody tr.ant-table-row');
      await until(async () => (await rows.count()) > 0, 'her students are listed');
      const own = await totalOf(list);
      // 100 a page: every student she may see on one page.
      await list.getByTestId('pagination-sizes').click();
      await page.locator('.ant-select-item-option', { hasText: '100 条/页' }).click();
      await until(async () => (await rows.count()) === Math.min(100, own), 'all her students on one page');
      const classes = await classesShown(list);
      assert(classes.has('初二(1)班'), `her own class is listed: ${[...classes]}`);
      // A class teacher also sees the classes she teaches (scope.ts), and nothing else.
      assert(classes.size <= 2, `only the classes she leads or teaches: ${[...classes]}`);
      await shot('class-teacher');

      // Her class alone: 初二(1)班's students; another class: nobody.
      await pickOption(page, list.getByTestId('students-class'), '20190801', '初二(1)班');
      await list.getByTestId('query-header-search').click();
      await until(async () => (await rows.count()) > 0 && [...(await classesShown(list))].join() === '初二(1)班', 'only 初二(1)班');
      const ownClass = await totalOf(list);
      assert(ownClass > 0 && ownClass <= own, `her class has ${ownClass} of ${own}`);
      await pickOption(page, list.getByTestId('students-class'), '20190802', '初二(2)班');
      await list.getByTestId('query-header-search').click();
      await until(async () => (await totalOf(list)) === 0 && (await rows.count()) === 0, "another class's students are not shown");

      const other = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'zh-CN' });
      try {
        const adminPage = await other.newPage();
        await signIn(adminPage, base, 'admin');
        await open(adminPage, base, '/rygl/xsxx');
        const adminList = adminPage.getByTestId('students-page');
        await until(async () => (await adminList.locator('.ant-table-tbody tr.ant-table-row').count()) === 10, 'ten students on the first page');
        const all = await totalOf(adminList);
        assert(all > own * 5, `the administrator sees every student (${all}) against her ${own}`);
        await pickOption(adminPage, adminList.getByTestId('students-class'), '20190802', '初二(2)班');
        await adminList.getByTestId('query-header-search').click();
        await until(async () => (await totalOf(adminList)) > 0 && [...(await classesShown(adminList))].join() === '初二(2)班', "the administrator sees 初二(2)班's students");
        await adminPage.screenshot({ path: 'web/e2e/artifacts/students-scope-admin.png' }).catch(() => {});
      } finally {
        await other.close();
      }
    },
  },
  {
    name: "admin opens 201911001's student dialog and the class teacher's staff dialog: photos load through the authorized download",
    async run({ page, base, shot }) {
      await signIn(page, base);
      await page.goto(`${base}/rygl/xsxx`);
      const list = page.getByTestId('students-page');
      await list.waitFor();
      await until(async () => (await list.getByTestId('student-name-link').count()) > 0, 'the first students are listed');
      await list.getByTestId('students-keyword').fill('张小明');
      await list.getByTestId('query-header-search').click();
      await until(async () => (await list.getByTestId('student-name-link').allInnerTexts()).join() === '张小明', 'the search finds 张小明 (201911001)');
      await list.getByTestId('student-name-link').click();
      const studentDialog = page.locator('.ant-modal').filter({ has: page.getByTestId('student-dialog-body') }).last();
      await until(async () => (await studentDialog.getByTestId('student-basic').innerText()).includes('201911001'), 'the basic information arrives');
      // The demo seed may or may not store photos: a photo must really load (decoded, not the broken
      // icon of a bare <img src>), and without one the no-photo text shows.
      await checkPhoto(studentDialog, 'student-photo');
      await shot('student');

      await studentDialog.getByTestId('teacher-link').first().click();
      const staffDialog = page.locator('.ant-modal').filter({ has: page.getByTestId('staff-dialog-body') }).last();
      await until(async () => (await staffDialog.getByTestId('staff-basic').innerText()).includes('T0002'), 'the staff basic information arrives');
      await checkPhoto(staffDialog, 'staff-photo');
      await shot('staff');
    },
  },
  {
    name: 'admin uploads a small PNG on /demo/upload, sees it listed and shown again through the download',
    async run({ page, base, shot }) {
      await signIn(page, base);
      await open(page, base, '/demo/upload');
      const card = page.getByTestId('demo-upload-images');
      await card.waitFor();
      // A 0 KB file is refused before anything is sent.
      await card.locator('input[type=file]').setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
      await page.locator('.ant-message-error', { hasText: '文件大小不能为0KB' }).waitFor();
      assert((await card.locator('.ant-upload-list-item').count()) === 0, 'the empty file is not listed');

      const upload = page.waitForResponse((r) => r.url().endsWith('/api/files/upload'));
      await card.locator('input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_4X4, 'base64') });
      assert((await upload).status() === 200, 'the upload call succeeded');
      await until(async () => (await card.locator('.ant-upload-list-item-name').allInnerTexts()).join() === 'dot.png', 'dot.png is listed');
      const value = await page.getByTestId('demo-upload-image-value').innerText();
      assert(/[A-Za-z0-9_-]{32}/.test(value), `the value holds the resource id: ${value}`);
      const preview = card.getByTestId('demo-upload-preview-img');
      await preview.waitFor();
      await until(async () => (await preview.evaluate((img) => img.complete && img.naturalWidth)) === 4, 'the preview decodes (4 px wide)');
      await shot('uploaded');

      // Removing takes it out of the value.
      await card.locator('.ant-upload-list-item').hover();
      await card.locator('.ant-upload-list-item .anticon-delete').click();
      await until(async () => (await card.locator('.ant-upload-list-item').count()) === 0, 'the file is removed');
      assert(!/[A-Za-z0-9_-]{32}/.test(await page.getByTestId('demo-upload-image-value').innerText()), 'the value is empty again');
    },
  },
];

/** A 4 × 4 PNG. */
const PNG_4X4 = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==';

/** A photo that settles either loaded and decoded, or as the no-photo text. */
async function checkPhoto(scope, testId) {
  const photo = scope.getByTestId(testId);
  await until(async () => ['image', 'empty'].includes(await photo.getAttribute('data-state')), `${testId} settles`);
  if ((await photo.getAttribute('data-state')) === 'image') {
    const img = photo.getByTestId(`${testId}-img`);
    assert((await img.getAttribute('src')).startsWith('blob:'), `${testId} is shown through an object URL`);
    await until(async () => (await img.evaluate((el) => el.complete && el.naturalWidth)) > 0, `${testId} decodes`);
  } else {
    assert((await photo.innerText()).includes('暂无照片'), `${testId} shows the no-photo text`);
  }
}
