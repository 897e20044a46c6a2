// Browser flows of the operations screens (issue 4, items 5 to 7), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';

const DEMO_PASSWORD = 'Demo@2026';

async function signIn(page, context, base, username, password = DEMO_PASSWORD) {
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('sidebar').waitFor();
}

async function pickInSelect(page, select, text) {
  await select.click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
}

const visibleRows = (container) => container.locator('.ant-table-tbody tr.ant-table-row');

export const operationsFlows = [
  {
    name: 'admin exports the operation log and finds the export in the export log, in Chinese and English',
    async run({ page, context, base, shot }) {
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xtgl/rzgl`);
      const logPage = page.getByTestId('oplog-page');
      await logPage.waitFor();
      await visibleRows(logPage).first().waitFor();
      const download = page.waitForEvent('download');
      await logPage.getByTestId('manage-export').click();
      const file = await download;
      assert((await file.suggestedFilename()).endsWith('.xlsx'), 'the export is an Excel file');
      await page.getByTestId('exportlog-tab').click();
      const exportPage = page.getByTestId('exportlog-page');
      await exportPage.waitFor();
      await until(async () => {
        const rows = await visibleRows(exportPage).allInnerTexts();
        return rows.some((text) => text.includes('/api/system/logs/export') && text.includes('成功') && text.includes('admin'));
      }, 'the export is in the export log');
      await shot('export-log');
      await context.addCookies([{ name: 'language', value: 'en', url: base }]);
      await page.reload();
      await page.getByTestId('exportlog-tab').click();
      const english = page.getByTestId('exportlog-page');
      await until(async () => {
        const rows = await visibleRows(english).allInnerTexts();
        return rows.some((text) => text.includes('/api/system/logs/export') && text.includes('Done'));
      }, 'the export log in English');
      const headers = await english.locator('.ant-table-thead').innerText();
      assert(headers.includes('Rows') && !/[\u4e00-\u9fff]/.test(headers), `English headers: ${headers}`);
      await shot('export-log-en');
    },
  },
  {
    name: 'admin filters the operation log by outcome failure and opens a row’s details',
    async run({ page, context, base, shot }) {
      // A failed login is a logged failure (its password never reaches the log).
      await page.goto(`${base}/login`);
      await page.locator('#username').fill('admin');
      await page.locator('#password').fill('not-the-password');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-failure').waitFor();
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xtgl/rzgl`);
      const logPage = page.getByTestId('oplog-page');
      await logPage.waitFor();
      await visibleRows(logPage).first().waitFor();
      await pickInSelect(page, page.getByTestId('oplog-outcome'), '失败');
      await page.getByTestId('query-header-search').click();
      await until(async () => {
        const tags = await logPage.locator('.ant-table-tbody tr.ant-table-row td .ant-tag').allInnerTexts();
        return tags.length > 0 && tags.every((text) => text.trim() === '失败');
      }, 'only failures are listed');
      await shot('operation-log-failures');
      await logPage.locator('[data-testid^="oplog-detail-"]').first().click();
      const detail = page.getByTestId('oplog-detail');
      await detail.waitFor();
      const text = await detail.innerText();
      assert(text.includes('失败'), `the details show the outcome: ${text.slice(0, 200)}`);
      const params = await page.getByTestId('oplog-detail-params').innerText();
      assert(!params.includes('not-the-password'), 'the password is not in the log');
      // Let the dialog finish its opening animation before the picture.
      await page.waitForTimeout(500);
      await shot('operation-log-detail');
      await page.getByTestId('oplog-detail-close').click();
      await detail.waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'admin runs a job now and sees the new run in the job log with outcome and duration',
    async run({ page, context, base, shot }) {
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/datasynchronization`);
      const jobsPage = page.getByTestId('jobs-page');
      await jobsPage.waitFor();
      await page.getByTestId('jobs-run-sweep_expired_sessions').waitFor();
      await shot('jobs');
      const started = Date.now();
      await page.getByTestId('jobs-run-sweep_expired_sessions').click();
      await until(async () => (await page.locator('.ant-message').innerText()).includes('任务执行成功'), 'the run succeeds');
      await page.getByTestId('job-last-run-sweep_expired_sessions').waitFor();
      await page.getByTestId('jobs-log-sweep_expired_sessions').click();
      await page.waitForURL(/\/job\/log\?jobId=\d+$/);
      const logPage = page.getByTestId('joblog-page');
      await logPage.waitFor();
      await visibleRows(logPage).first().waitFor();
      // The schedule may have run the same job in the same second (it sweeps at midnight): take the manual run.
      const first = visibleRows(logPage).filter({ hasText: '立即执行' }).first();
      const row = await first.innerText();
      assert(row.includes('清理过期会话') && row.includes('立即执行') && row.includes('admin') && row.includes('成功'), `the newest run: ${row}`);
      assert(/sessions=\d+ loginCodes=\d+/.test(row), `the run's summary: ${row}`);
      const duration = (await first.locator('[data-testid^="joblog-duration-"]').innerText()).trim();
      assert(/^\d+$/.test(duration) && Number(duration) <= Date.now() - started + 1000, `the duration: ${duration}`);
      await shot('job-log');
    },
  },
  {
    name: 'admin changes the system title and the login page shows it after logout',
    async run({ page, context, base, shot }) {
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xtgl/xtpz`);
      await page.getByTestId('sysconfig-page').waitFor();
      const titleInput = page.getByTestId('sysconfig-title');
      await until(async () => (await titleInput.inputValue()) !== '', 'the configuration loads');
      const original = await titleInput.inputValue();
      const changed = '实验中学智慧校园';
      try {
        await titleInput.fill(changed);
        await shot('system-config');
        await page.getByTestId('sysconfig-save').click();
        await until(async () => (await page.locator('.ant-message').innerText()).includes('保存成功'), 'saved');
        await page.getByTestId('user-menu').click();
        await page.getByTestId('menu-logout').click();
        await page.waitForURL(/\/login$/);
        await page.getByTestId('login-submit').waitFor();
        await until(async () => (await page.locator('.login-page').innerText()).includes(changed), 'the login page shows the new title');
        await shot('login-new-title');
      } finally {
        // Put the title back for the flows that read it.
        await signIn(page, context, base, 'admin');
        await page.goto(`${base}/xtgl/xtpz`);
        await page.getByTestId('sysconfig-page').waitFor();
        await until(async () => (await page.getByTestId('sysconfig-title').inputValue()) !== '', 'the configuration loads again');
        await page.getByTestId('sysconfig-title').fill(original);
        await page.getByTestId('sysconfig-save').click();
        await until(async () => (await page.locator('.ant-message').innerText()).includes('保存成功'), 'restored');
      }
    },
  },
  {
    name: 'the operations pages in English',
    async run({ page, context, base, shot }) {
      await context.addCookies([{ name: 'language', value: 'en', url: base }]);
      await signIn(page, context, base, 'admin');
      for (const [path, testId, name] of [
        ['/xtgl/rzgl', 'oplog-page', 'operation-log-en'],
        ['/datasynchronization', 'jobs-page', 'jobs-en'],
        ['/job/log', 'joblog-page', 'job-log-en'],
        ['/xtgl/xtpz', 'sysconfig-page', 'system-config-en'],
        ['/xtgl/mmgz', 'pwdrule-page', 'password-rule-en'],
      ]) {
        await page.goto(`${base}${path}`);
        await page.getByTestId(testId).waitFor();
        await page.waitForTimeout(500);
        await shot(name);
      }
    },
  },
];
