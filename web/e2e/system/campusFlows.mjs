// Browser flows of the campus screens (issue 4 items 8, 9 and 12), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';

const DEMO_PASSWORD = 'Demo@2026';

async function signIn(page, context, base, username = 'admin', lang = 'zh') {
  if (lang === 'en') await context.addCookies([{ name: 'language', value: 'en', url: base }]);
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
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
  // Picking the option already chosen can leave the list open over the next field: close it.
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await open.waitFor({ state: 'hidden', timeout: 2000 }).catch(async () => {
    await page.keyboard.press('Escape');
    await open.waitFor({ state: 'hidden' }).catch(() => undefined);
  });
}

async function openPage(page, base, path, testId) {
  await page.goto(`${base}${path}`);
  await page.waitForURL(new RegExp(`${path}$`));
  await page.getByTestId(testId).first().waitFor();
}

/** Searches the page's list by keyword and waits for a row holding `text`. */
async function searchFor(page, keywordTestId, text) {
  const keyword = page.getByTestId(keywordTestId).locator('input').first().or(page.getByTestId(keywordTestId)).first();
  await keyword.fill(text);
  await keyword.press('Enter');
  await until(async () => (await page.locator('.page-view:visible .ant-table-tbody tr.ant-table-row').allInnerTexts()).some((row) => row.includes(text)), `a row with ${text}`);
}

/** Picks the first teacher the people picker finds for `keyword`. */
async function pickTeacher(page, field, keyword) {
  await field.getByTestId('picker-field').click();
  const popover = page.locator('[data-testid="picker-popover"]:visible').last();
  await popover.waitFor();
  const search = popover.getByTestId('picker-people-search').locator('input').first();
  await search.fill(keyword);
  await search.press('Enter');
  const rows = popover.locator('.ant-table-tbody tr.ant-table-row');
  await until(async () => {
    const texts = await rows.allInnerTexts();
    return texts.length > 0 && texts.every((text) => text.includes(keyword));
  }, `the picker finds ${keyword}`);
  await rows.nth(0).locator('input[type=checkbox], input[type=radio]').first().check();
  await until(async () => (await field.getByTestId('picker-tag').count()) > 0, `${keyword} picked`);
  // Close the popover before the next field.
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'hidden' }).catch(() => undefined);
}

export const campusFlows = [
  {
    name: 'admin adds a building and a classroom in it',
    async run({ page, context, base, shot }) {
      const suffix = String(Date.now()).slice(-5);
      const buildingCode = `E2E-B${suffix}`;
      const buildingName = `实验楼${suffix}`;
      await signIn(page, context, base);
      await openPage(page, base, '/xtgl/lygl', 'buildings-page');
      await until(async () => (await page.locator('.page-view:visible .ant-table-tbody tr.ant-table-row').count()) > 0, 'the seeded buildings are listed');
      await shot('buildings');
      // Pages visited earlier stay mounted (hidden): the button is looked up in this page.
      await page.getByTestId('buildings-page').getByTestId('manage-add').click();
      const dialog = dialogWith(page, 'buildings-dialog');
      await dialog.getByTestId('buildings-form-code').fill(buildingCode);
      await dialog.getByTestId('buildings-form-name').fill(buildingName);
      await pickInSelect(page, dialog.getByTestId('buildings-form-campus'), '东校区');
      await dialog.getByTestId('buildings-form-floors').fill('5');
      // The code rule is the shared schema's: it is shown in the form before any call.
      await dialog.getByTestId('buildings-form-code').fill('E2E B');
      await dialog.getByTestId('buildings-dialog-ok').click();
      await until(async () => (await dialog.locator('.ant-form-item-explain-error').allInnerTexts()).some((text) => text.includes('编码只能包含字母')), 'the code rule is shown');
      await dialog.getByTestId('buildings-form-code').fill(buildingCode);
      await dialog.getByTestId('buildings-dialog-ok').click();
      await dialog.waitFor({ state: 'hidden' });
      await searchFor(page, 'buildings-keyword', buildingCode);
      await shot('building-added');

      await openPage(page, base, '/xtgl/jsglr', 'classrooms-page');
      await page.getByTestId('classrooms-page').getByTestId('manage-add').click();
      const roomDialog = dialogWith(page, 'classrooms-dialog');
      await roomDialog.getByTestId('classrooms-form-code').fill(`${buildingCode}-101`);
      await roomDialog.getByTestId('classrooms-form-name').fill(`${buildingName}101室`);
      await pickInSelect(page, roomDialog.getByTestId('classrooms-form-campus'), '东校区');
      // The building is offered among the campus's buildings.
      const building = roomDialog.locator('[data-testid="classrooms-form-building"] input').first();
      await building.click();
      await building.fill(buildingName.slice(0, 3));
      const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: buildingName }).first();
      await option.waitFor();
      await option.click();
      await roomDialog.getByTestId('classrooms-form-capacity').fill('48');
      await shot('classroom-form');
      await roomDialog.getByTestId('classrooms-dialog-ok').click();
      await roomDialog.waitFor({ state: 'hidden' });
      await searchFor(page, 'classrooms-keyword', `${buildingCode}-101`);
      const row = page.locator('.page-view:visible .ant-table-tbody tr.ant-table-row').filter({ hasText: `${buildingCode}-101` });
      assert((await row.innerText()).includes(buildingName), 'the classroom is in the new building');
      await shot('classroom-added');

      // The building now holds a classroom: deleting it is refused with the reason.
      await openPage(page, base, '/xtgl/lygl', 'buildings-page');
      await searchFor(page, 'buildings-keyword', buildingCode);
      await page.getByTestId(`buildings-delete-${buildingCode}`).click();
      await page.getByTestId('delete-confirm-ok').click();
      await page.locator('.ant-message-warning', { hasText: `楼宇 ${buildingName} 下还有教室，不能删除` }).waitFor();
    },
  },
  ...['zh', 'en'].map((lang) => ({
    name: `admin tries to delete the current term and sees why not (${lang})`,
    async run({ page, context, base, shot }) {
      await signIn(page, context, base, 'admin', lang);
      await openPage(page, base, '/xtgl/xl', 'terms-page');
      await page.getByTestId('terms-delete-2026-2027-1').waitFor();
      await shot(`terms-${lang}`);
      await page.getByTestId('terms-delete-2026-2027-1').click();
      await page.getByTestId('delete-confirm-ok').click();
      const message = lang === 'en' ? 'The selected semester includes the current semester and cannot be deleted' : '所选学期包含当前学期，不能删除';
      await page.locator('.ant-message-warning', { hasText: message }).waitFor();
      await page.locator('.ant-modal-confirm').waitFor({ state: 'hidden' });
      await shot(`current-term-refused-${lang}`);
      // The weeks of the current term are listed from its start date.
      await page.getByTestId('terms-weeks-2026-2027-1').click();
      const weeks = page.getByTestId('terms-weeks');
      await weeks.waitFor();
      await until(async () => (await weeks.locator('.ant-table-tbody tr.ant-table-row').count()) === 21, '21 weeks');
      assert((await weeks.locator('.ant-table-tbody tr.ant-table-row').first().innerText()).includes('2026-08-31'), 'week 1 starts on the first day');
      await shot(`term-weeks-${lang}`);
    },
  })),
  {
    name: 'admin adds a research group whose leader is also a member and is refused',
    async run({ page, context, base, shot }) {
      const suffix = String(Date.now()).slice(-5);
      await signIn(page, context, base);
      await openPage(page, base, '/xtgl/jyzgl', 'groups-page');
      await until(async () => (await page.locator('.page-view:visible .ant-table-tbody tr.ant-table-row').count()) > 0, 'the seeded groups are listed');
      await shot('research-groups');
      await page.getByTestId('groups-page').getByTestId('manage-add').click();
      const dialog = dialogWith(page, 'groups-dialog');
      await dialog.getByTestId('groups-form-name').fill(`科创教研组${suffix}`);
      await dialog.getByTestId('groups-form-code').fill(`group-e2e-${suffix}`);
      await dialog.getByTestId('groups-form-name-en').fill(`Innovation group ${suffix}`);
      await pickTeacher(page, dialog.getByTestId('groups-form-leader'), 'T0001');
      await pickTeacher(page, dialog.getByTestId('groups-form-members'), 'T0001');
      await dialog.getByTestId('groups-dialog-ok').click();
      await until(async () => (await dialog.locator('.ant-form-item-explain-error').allInnerTexts()).some((text) => text.includes('组员不能同时是组长')), 'the refusal is shown');
      await shot('group-leader-is-member');
      // Nothing was saved: the dialog is still open.
      assert(await dialog.isVisible(), 'the dialog stays open');
      // With another member the group is saved.
      await dialog.getByTestId('groups-form-members').getByTestId('picker-tag').locator('.ant-tag-close-icon').first().click();
      await pickTeacher(page, dialog.getByTestId('groups-form-members'), 'T0002');
      await dialog.getByTestId('groups-dialog-ok').click();
      await dialog.waitFor({ state: 'hidden' });
      await searchFor(page, 'groups-keyword', `group-e2e-${suffix}`);
      await shot('group-added');
    },
  },
  ...['zh', 'en'].map((lang) => ({
    name: `the campus screens open with their data (${lang})`,
    async run({ page, context, base, shot }) {
      await signIn(page, context, base, 'admin', lang);
      for (const [path, testId, name] of [
        ['/xtgl/zzjg', 'org-page', 'organisation'],
        ['/xtgl/xqgl', 'campuses-page', 'campuses'],
        ['/xtgl/jsglr', 'classrooms-page', 'classrooms'],
        ['/xtgl/kcgl', 'courses-page', 'courses'],
        ['/xtgl/njks', 'hours-page', 'grade-hours'],
        ['/rygl/bmgl', 'departments-page', 'departments'],
      ]) {
        await openPage(page, base, path, testId);
        if (testId === 'org-page') {
          await page.getByTestId('org-node-school').waitFor();
          await page.getByTestId('org-node-group-2').click();
          await until(async () => (await page.locator('[data-testid="positions"] .ant-table-tbody tr.ant-table-row').count()) > 0, 'the group leader is listed');
        } else {
          await until(async () => (await page.locator('.page-view:visible .ant-table-tbody tr.ant-table-row').count()) > 0, `${path} lists rows`);
        }
        await shot(`${name}-${lang}`);
      }
      // The campus form opens its area along the stored path.
      await openPage(page, base, '/xtgl/xqgl', 'campuses-page');
      await page.getByTestId('campuses-edit-campus-1').click();
      const dialog = dialogWith(page, 'campuses-dialog');
      await until(async () => (await dialog.getByTestId('area-cascader').innerText()).includes('海淀区'), 'the area path is shown');
      await shot(`campus-form-${lang}`);
    },
  })),
];
