// Browser flows of issue 3's shared components on their /demo/* pages (appended to the flows of flows.mjs).
import { assert, until } from './flows.mjs';

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
];
