// Browser flows of issue 4 items 10 and 11 (classes, students, staff), appended to the flows of flows.mjs.
import ExcelJS from 'exceljs';
import { assert, until } from '../flows.mjs';

const DEMO_PASSWORD = 'Demo@2026';
const CHINESE = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
const HEADERS = ['职工号', '姓名', '性别', '出生日期', '身份证号', '联系电话', '电子邮箱', '邮政编码', '通讯地址', '校区', '编制部门', '工作部门', '所属教研组', '教职工类别', '职称', '学历', '参加工作日期', '来校日期'];

async function signIn(page, context, base, username, password = DEMO_PASSWORD, lang = 'zh') {
  if (lang === 'en') await context.addCookies([{ name: 'language', value: 'en', url: base }]);
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('sidebar').waitFor();
}

/** An ID number with its GB 11643 check character. */
function idNumber(first17) {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

const row = (number, sequence, overrides = {}) => {
  const cells = [number, '导入老师', '女', '1988-03-02', idNumber(`11010119880302${sequence}`), '13800000001', `${number.toLowerCase()}@example.com`, '100080', '海淀区', '东校区', '教务处', '教务处', '数学组', '专任教师', '一级教师', '大学本科', '2010-09-01', '2011-09-01'];
  for (const [index, value] of Object.entries(overrides)) cells[Number(index)] = value;
  return cells;
};

async function workbook(rows) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('教职工');
  sheet.addRow(HEADERS);
  for (const cells of rows) sheet.addRow(cells);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Searches the page's list by keyword (the query header's first field) and waits for the table. */
async function searchList(page, keywordTestId, text) {
  await page.getByTestId(keywordTestId).fill(text);
  await page.getByTestId(keywordTestId).press('Enter');
  await page.waitForTimeout(300);
  await until(async () => (await page.locator('.page-view:visible .ant-spin-spinning').count()) === 0, 'the list loads');
}

const tableText = (page) => page.locator('.page-view:visible .ant-table-tbody').innerText();

/** The visible page's texts outside data (table bodies and chosen values). */
const chromeText = (page) =>
  page.evaluate(() => {
    const root = [...document.querySelectorAll('.page-view')].find((el) => el instanceof HTMLElement && el.offsetParent !== null) ?? document.body;
    const clone = root.cloneNode(true);
    clone.querySelectorAll('.ant-table-tbody, .ant-select-selection-item').forEach((node) => node.remove());
    return clone.textContent ?? '';
  });

async function pickInSelect(page, select, text, type = false, multiple = false) {
  await select.click();
  // Long lists are virtual: a searchable select is narrowed by typing first.
  if (type) await page.keyboard.type(text);
  const open = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
  const option = page.locator(`${open} .ant-select-item-option`).filter({ hasText: text }).first();
  await option.waitFor();
  if (multiple) return option.click();
  // A click during the drop-down's opening animation can miss: click again until it closes.
  await until(async () => {
    if ((await page.locator(open).count()) === 0) return true;
    await option.click({ timeout: 2000 }).catch(() => undefined);
    await page.waitForTimeout(200);
    return (await page.locator(open).count()) === 0;
  }, `the option ${text} is chosen`);
}

export const peopleFlows = [
  {
    name: 'admin imports a staff file with one bad row (nothing imported, the row reported), then a good file',
    async run({ page, context, base, shot }) {
      // Numbers unique to this run, so a retry on the same server starts clean.
      const stamp = String(Date.now()).slice(-5);
      const numbers = [`E${stamp}1`, `E${stamp}2`, `E${stamp}3`];
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/rygl/jzggl`);
      await page.getByTestId('staff-page').waitFor();
      await until(async () => (await tableText(page)).includes('T0001'), 'the staff list loads');

      await page.getByTestId('staff-import').click();
      const dialog = page.getByTestId('staff-import-dialog');
      await dialog.waitFor();
      // Row 3 (the second data row) has a wrong ID check digit.
      const bad = await workbook([row(numbers[0], '101'), row(numbers[1], '102', { 4: '110101198803021021' }), row(numbers[2], '103')]);
      await dialog.locator('input[type=file]').setInputFiles({ name: 'staff.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad });
      await page.getByTestId('staff-import-send').click();
      await page.getByTestId('staff-import-errors').waitFor();
      const errors = await page.getByTestId('staff-import-errors').locator('.ant-table-tbody').innerText();
      assert(/\b3\b/.test(errors) && errors.includes('身份证号') && errors.includes('校验位'), `the bad row is reported: ${errors}`);
      assert((await page.getByTestId('staff-import-error').innerText()).includes('未导入任何数据'), 'nothing was imported');
      await shot('staff-import-errors');
      await page.getByTestId('staff-import-close').click();
      await searchList(page, 'staff-keyword', `E${stamp}`);
      assert(!(await tableText(page)).includes(numbers[0]), 'no row of the bad file was imported');

      await page.getByTestId('staff-import').click();
      await dialog.waitFor();
      const good = await workbook([row(numbers[0], '101'), row(numbers[1], '102'), row(numbers[2], '103')]);
      await dialog.locator('input[type=file]').setInputFiles({ name: 'staff.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: good });
      await page.getByTestId('staff-import-send').click();
      await page.getByTestId('staff-import-success').waitFor();
      assert((await page.getByTestId('staff-import-success').innerText()).includes('成功导入 3 名教职工'), 'three staff imported');
      await page.getByTestId('staff-import-close').click();
      await searchList(page, 'staff-keyword', `E${stamp}`);
      await until(async () => (await tableText(page)).includes(numbers[2]), 'the imported staff are listed');
      const listed = await tableText(page);
      assert(numbers.every((n) => listed.includes(n)), `all three are listed: ${listed}`);
      await shot('staff-imported');

      // One-click class assignment from the row.
      await page.getByTestId(`staff-assign-${numbers[0]}`).click();
      const assign = page.getByTestId('staff-assign-dialog');
      await assign.waitFor();
      await pickInSelect(page, page.getByTestId('staff-assign-classes'), '一年级(3)班', true, true);
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal').filter({ has: assign }).locator('.ant-btn-primary').click();
      await until(async () => (await tableText(page)).includes('一年级(3)班'), 'the class shows as led by the new teacher');
    },
  },
  {
    name: 'admin adds a student; the parent account jz<number> exists in the users list',
    async run({ page, context, base, shot }) {
      await signIn(page, context, base, 'admin');
      await page.goto(`${base}/xtgl/xsgl`);
      await page.getByTestId('students-admin-page').waitFor();
      await until(async () => (await tableText(page)).length > 0, 'the student list loads');
      await page.getByTestId('students-admin-page').getByTestId('manage-add').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('students-admin-dialog') });
      await dialog.waitFor();
      await dialog.getByTestId('students-admin-form-name').fill('流程新生');
      await pickInSelect(page, dialog.getByTestId('students-admin-form-gender'), '女');
      await pickInSelect(page, dialog.getByTestId('students-admin-form-class'), '初一(2)班', true);
      await shot('student-add');
      await dialog.getByTestId('students-admin-dialog-ok').click();
      const notice = page.locator('.ant-message-notice').filter({ hasText: '家长账号' }).first();
      await notice.waitFor();
      const text = await notice.innerText();
      const match = /学号\s*(\d+).*家长账号\s*(jz\d+)/.exec(text);
      assert(match && match[2] === `jz${match[1]}`, `the number and parent account are shown: ${text}`);
      const [, number, parent] = match;
      assert(/^2026\d{5,}$/.test(number), `the number follows the template: ${number}`);

      await page.goto(`${base}/xtgl/yhgl`);
      await page.getByTestId('users-page').waitFor();
      await searchList(page, 'users-keyword', parent);
      await until(async () => (await tableText(page)).includes(parent), 'the parent account is listed');
      await shot('student-parent-account');
      await searchList(page, 'users-keyword', number);
      await until(async () => (await tableText(page)).includes(number), 'the student account is listed');
    },
  },
  ...['zh', 'en'].map((lang) => ({
    name: `the class, student and staff pages in ${lang}`,
    async run({ page, context, base, shot }) {
      const problems = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
      });
      await signIn(page, context, base, 'admin', DEMO_PASSWORD, lang);
      for (const [path, testId, name] of [
        ['/xtgl/bjgl', 'classes-page', 'classes'],
        ['/xtgl/xsgl', 'students-admin-page', 'students'],
        ['/rygl/jzggl', 'staff-page', 'staff'],
      ]) {
        await page.goto(`${base}${path}`);
        await page.getByTestId(testId).waitFor();
        await until(async () => (await tableText(page)).trim().length > 0, `${path} lists rows`);
        if (lang === 'en') {
          const chrome = await chromeText(page);
          assert(!CHINESE.test(chrome), `${path} shows Chinese outside data: ${chrome.slice(0, 200)}`);
        }
        await shot(`${name}-${lang}`);
        // The modify dialog of the first row.
        await page.locator('.page-view:visible .ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: lang === 'en' ? 'Modify' : /修\s*改/ }).click();
        const modal = page.locator('.ant-modal:visible').last();
        await modal.waitFor();
        await page.waitForTimeout(300);
        if (lang === 'en') {
          const text = await modal.evaluate((el) => {
            const clone = el.cloneNode(true);
            clone.querySelectorAll('input, .ant-select, .campus-picker-field, .ant-tag').forEach((node) => node.remove());
            return clone.textContent ?? '';
          });
          assert(!CHINESE.test(text.replace(/家长/g, '')), `${path} dialog shows Chinese: ${text.slice(0, 200)}`);
        }
        await shot(`${name}-dialog-${lang}`);
        await page.keyboard.press('Escape');
        await modal.waitFor({ state: 'hidden' });
      }
      assert(problems.length === 0, `console errors: ${problems.join(' | ')}`);
    },
  })),
];
