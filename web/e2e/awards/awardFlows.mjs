// Browser flows of 竞赛获奖 (Competitions and awards): 学科竞赛及奖项设置 /jsgl/jssz with its awards panel,
// 学科获奖 /jsgl/xkhj and 我的获奖 /jsgl/wdhj, appended to the flows of flows.mjs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '../api.mjs';
import { assert, until } from '../flows.mjs';
import { assertEnglish, PHONE, scrollsSideways, signIn } from '../homeSchool/noticeFlows.mjs';

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
/** Chinese characters (CJK ideographs and punctuation), as in noticeFlows.mjs. */
const CHINESE = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
/** Seeded awards of the demo student 201911001 张小明 (server/src/db/seed/awards.ts). */
const SEEDED = [
  { name: '一等奖', competition: '2026 年全市中学生数学竞赛', kind: 'disciplinary' },
  { name: '最佳风采奖', competition: '校园英语演讲比赛', kind: 'disciplinary' },
  { name: '省青少年科技创新大赛二等奖', competition: null, kind: 'aboveSchool' },
];
const today = () => new Date().toISOString().slice(0, 10);

/** A screenshot of a page of a second browser context (the flow's own `shot` takes the first page). */
async function shotOf(page, name) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `awards-${name}.png`) });
}

const openDropdown = (page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const visibleRows = (page) => page.locator('.page-view:visible .ant-table-row');

async function waitForRows(page) {
  await until(async () => (await page.locator('.page-view:visible .ant-spin-spinning').count()) === 0 && (await visibleRows(page).count()) > 0, 'the list loads');
}

/** The id a row's test id ends with (`competition-prizes-12` → 12). */
async function idOf(locator, prefix) {
  await locator.waitFor();
  return Number((await locator.getAttribute('data-testid')).slice(prefix.length));
}

/** The awards panel of an event (the open drawer). */
const prizesPanel = (page) => page.locator('.ant-drawer-section').filter({ has: page.getByTestId('prizes-table') });

async function openPrizes(page, competitionId) {
  await page.getByTestId(`competition-prizes-${competitionId}`).click();
  await prizesPanel(page).waitFor();
  await until(async () => (await prizesPanel(page).locator('.ant-spin-spinning').count()) === 0, 'the awards load');
}

async function closePanel(page) {
  await prizesPanel(page).locator('.ant-drawer-close').click();
  await until(async () => (await page.locator('.ant-drawer-section:visible').count()) === 0, 'the panel closes');
}

/** The page's message of `type` (success, warning, error) reading `text`. */
const message = (page, type, text) => page.locator(`.ant-message-${type}`).filter({ hasText: text }).first();

/**
 * The texts of the award cards without their data (award name, event, date, notes): what is left is the
 * page's own words, the kind tag. `assertEnglish` leaves the whole table body out, cards included.
 */
const cardChrome = (page) =>
  page.getByTestId('my-award-card').evaluateAll((cards) =>
    cards
      .map((card) => {
        const clone = card.cloneNode(true);
        clone.querySelectorAll('.my-award-card-name, .my-award-card-meta, .award-pictures').forEach((node) => node.remove());
        return clone.textContent ?? '';
      })
      .join(' | '),
  );

/** Opens 我的获奖 on a phone as `account` and checks the cards of 张小明's seeded awards. */
async function myAwardsOnPhone(browser, base, account, lang) {
  const phone = await browser.newContext({ ...PHONE, locale: lang === 'en' ? 'en-GB' : 'zh-CN' });
  phone.setDefaultTimeout(15_000);
  const errors = [];
  try {
    const mobile = await phone.newPage();
    mobile.on('pageerror', (error) => errors.push(error.message));
    await signIn(mobile, phone, base, account, lang);
    await mobile.goto(`${base}/jsgl/wdhj`);
    const page = mobile.getByTestId('my-awards-page');
    await page.waitFor();
    const cards = mobile.getByTestId('my-award-card');
    await cards.first().waitFor();
    await until(async () => (await mobile.locator('.page-view:visible .ant-spin-spinning').count()) === 0, 'the list loads');
    const texts = await cards.allInnerTexts();
    for (const award of SEEDED) {
      const card = texts.find((text) => text.includes(award.name));
      assert(card, `${account} (${lang}) sees the card of ${award.name}: ${texts.join(' / ')}`);
      if (award.competition) assert(card.includes(award.competition), `the card of ${award.name} names its event: ${card}`);
    }
    // Cards, not a table, and nothing wider than the phone.
    assert((await mobile.locator('.page-view:visible .ant-table-thead').count()) === 0, 'cards, not a table header');
    const total = await mobile.getByTestId('my-awards-total').innerText();
    assert(Number(total.replace(/\D/g, '')) >= SEEDED.length, `the total counts the awards: ${total}`);
    assert(!(await scrollsSideways(mobile)), `${account} (${lang}): the page does not scroll sideways`);
    const widest = await cards.evaluateAll((all) => Math.max(...all.map((card) => card.getBoundingClientRect().right)));
    assert(widest <= 390, `the cards fit the phone (right edge ${widest} px)`);

    const chrome = await cardChrome(mobile);
    if (lang === 'en') {
      await assertEnglish(mobile, `my awards of ${account}`);
      const found = chrome.match(new RegExp(`.{0,20}${CHINESE.source}.{0,20}`, 'u'));
      assert(!found, `the award cards of ${account} show Chinese outside data: …${found?.[0]}…`);
      assert(chrome.includes('Disciplinary') && chrome.includes('Province'), `the kind tags in English: ${chrome}`);
      assert(total.includes('awards'), `the total in English: ${total}`);
    } else {
      assert(chrome.includes('学科获奖') && chrome.includes('省级'), `the kind tags in Chinese: ${chrome}`);
      assert(total.includes('项获奖'), `the total in Chinese: ${total}`);
    }
    await shotOf(mobile, `my-awards-${account}-${lang}`);
    if (errors.length) throw new Error(`uncaught page errors on the phone: ${errors.join(' | ')}`);
  } finally {
    await phone.close();
  }
}

export const awardFlows = [
  {
    name: 'awards: an award with 3 places refuses a 4th student, and a used award refuses deletion',
    async run({ page, context, base, shot }) {
      const stamp = String(Date.now()).slice(-6);
      const title = `校园诗词大会 ${stamp}`;
      const prizeName = `诗词之星 ${stamp}`;
      await signIn(page, context, base, 'T0002');

      // 学科竞赛及奖项设置: a new event.
      await page.goto(`${base}/jsgl/jssz`);
      const settings = page.getByTestId('competitions-page');
      await settings.waitFor();
      await waitForRows(page);
      await settings.getByTestId('manage-add').click();
      await page.getByTestId('competition-dialog').waitFor();
      await page.getByTestId('competition-form-title').fill(title);
      await page.getByTestId('competition-form-heldOn').fill(today());
      await page.getByTestId('competition-form-place').fill('阶梯教室');
      await page.getByTestId('competition-form-content').fill('以“春”为主题的诗词背诵与飞花令比赛。');
      await shot('competition-form');
      await page.getByTestId('competition-dialog-ok').click();
      await page.getByTestId('competition-dialog').waitFor({ state: 'hidden' });
      await until(async () => (await visibleRows(page).filter({ hasText: title }).count()) === 1, 'the new event is listed');
      const row = visibleRows(page).filter({ hasText: title });
      const competitionId = await idOf(row.locator('[data-testid^="competition-prizes-"]'), 'competition-prizes-');

      // Its awards panel: an award for 3 winners.
      await openPrizes(page, competitionId);
      const panel = prizesPanel(page);
      assert((await panel.locator('.ant-drawer-title').innerText()).includes(title), 'the panel is the event\'s');
      await panel.getByTestId('prize-add').click();
      await page.getByTestId('prize-dialog').waitFor();
      await page.getByTestId('prize-form-name').fill(prizeName);
      await page.getByTestId('prize-form-winnerNumber').fill('3');
      await page.getByTestId('prize-form-awardedOn').fill(today());
      await page.getByTestId('prize-form-startsOn').fill(today());
      await page.getByTestId('prize-form-endsOn').fill(today());
      await page.getByTestId('prize-dialog-ok').click();
      await page.getByTestId('prize-dialog').waitFor({ state: 'hidden' });
      const prizeRow = panel.locator('.ant-table-row').filter({ hasText: prizeName });
      await until(async () => (await prizeRow.innerText().catch(() => '')).includes('0/3'), 'the award is listed with 0 of 3 given');
      const prizeId = await idOf(prizeRow.locator('[data-testid^="prize-delete-"]'), 'prize-delete-');
      await shot('prizes-panel');
      await closePanel(page);

      // 学科获奖: 4 students are too many for it, 3 are accepted.
      await page.goto(`${base}/jsgl/xkhj`);
      const disciplinary = page.getByTestId('disciplinary-page');
      await disciplinary.waitFor();
      await waitForRows(page);
      await disciplinary.getByTestId('manage-add').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('disciplinary-dialog') });
      await dialog.waitFor();
      await page.getByTestId('disciplinary-form-prize').click();
      await page.keyboard.type(title);
      const prizeOption = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: prizeName });
      await prizeOption.waitFor();
      assert(/[(（]0\/3[)）]/.test(await prizeOption.innerText()), `the option tells the places: ${await prizeOption.innerText()}`);
      await prizeOption.click();
      await until(async () => (await openDropdown(page).count()) === 0, 'the award list closes');
      await until(async () => (await page.getByTestId('disciplinary-places-left').innerText()).includes('3'), 'three places are left');

      const students = page.getByTestId('disciplinary-form-students');
      await students.click();
      const studentOptions = openDropdown(page).locator('.ant-select-item-option');
      await until(async () => (await studentOptions.count()) >= 4, 'at least 4 students to choose from');
      const chosen = [];
      for (let i = 0; i < 4; i += 1) {
        chosen.push((await studentOptions.nth(i).innerText()).trim());
        await studentOptions.nth(i).click();
      }
      await until(async () => (await openDropdown(page).locator('.ant-select-item-option-selected').count()) === 4, 'four students are chosen');
      await dialog.locator('.ant-modal-title').click();
      await openDropdown(page).waitFor({ state: 'hidden' });
      const created = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/awards/disciplinary/create')) created.push(request.url());
      });
      await page.getByTestId('disciplinary-dialog-ok').click();
      const tooMany = dialog.locator('.ant-form-item-explain-error').filter({ hasText: '该奖项最多还可选择 3 名学生' });
      await tooMany.waitFor();
      await page.waitForTimeout(300);
      assert(created.length === 0, 'the page itself refuses the 4th student (nothing was sent)');
      await shot('four-refused');

      // The server refuses them too (the page's check aside), with its own message.
      const scope = await api(page, base, 'T0002', '/api/awards/students/page', { currPage: 0, limit: 50, search: { keyword: '' } });
      const ids = scope.data.rows.slice(0, 4).map((student) => student.id);
      assert(ids.length === 4, 'four students in the class teacher\'s scope');
      const refused = await api(page, base, 'T0002', '/api/awards/disciplinary/create', { prizeId, studentIds: ids, pictures: [] });
      assert(refused.code !== 200 && /3.*0.*3|allows 3 winners/.test(refused.msg ?? ''), `the server refuses 4 students: ${JSON.stringify(refused)}`);

      // Taking the 4th student out again: the 3 are given the award.
      // Found by number, so the option is at hand (the reopened list may be scrolled anywhere).
      const fourth = chosen[3].split(' · ')[1];
      await students.click();
      await page.keyboard.type(fourth);
      const fourthOption = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: fourth });
      await until(async () => (await studentOptions.count()) <= 5 && (await fourthOption.count()) === 1, 'the search narrows the list to the chosen and the 4th student');
      await fourthOption.click();
      await dialog.locator('.ant-modal-title').click();
      await openDropdown(page).waitFor({ state: 'hidden' });
      await until(async () => (await tooMany.count()) === 0, 'the check is satisfied with 3 students');
      await page.getByTestId('disciplinary-dialog-ok').click();
      await dialog.waitFor({ state: 'hidden' });
      await message(page, 'success', '3').waitFor();
      assert(created.length === 1, `one giving was sent (${created.length})`);
      await until(async () => (await visibleRows(page).filter({ hasText: prizeName }).count()) === 3, 'three rows of the award are listed');
      const names = chosen.slice(0, 3).map((label) => label.split(' · ')[0]);
      const given = await visibleRows(page).filter({ hasText: prizeName }).allInnerTexts();
      for (const name of names) assert(given.some((text) => text.includes(name)), `${name} was given the award: ${given.join(' / ')}`);
      await shot('three-given');

      // The award is full now: it cannot be chosen for another giving.
      await disciplinary.getByTestId('manage-add').click();
      await dialog.waitFor();
      await page.getByTestId('disciplinary-form-prize').click();
      await page.keyboard.type(title);
      const fullOption = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: prizeName });
      await fullOption.waitFor();
      assert(/[(（]3\/3[)）]/.test(await fullOption.innerText()), `the option shows it full: ${await fullOption.innerText()}`);
      assert((await fullOption.getAttribute('aria-disabled')) === 'true' || (await fullOption.getAttribute('class')).includes('disabled'), 'a full award cannot be chosen');
      await page.getByTestId('disciplinary-dialog-cancel').click();
      await dialog.waitFor({ state: 'hidden' });

      // Back in the awards panel: the used award refuses deletion and stays.
      await page.goto(`${base}/jsgl/jssz`);
      await settings.waitFor();
      await waitForRows(page);
      await openPrizes(page, competitionId);
      await until(async () => (await prizeRow.innerText().catch(() => '')).includes('3/3'), 'the award shows 3 of 3 given');
      await page.getByTestId(`prize-delete-${prizeId}`).click();
      await page.getByTestId('delete-confirm-ok').click();
      await message(page, 'warning', '该竞赛活动奖项已被使用，不能删除').waitFor();
      await page.getByTestId('delete-confirm-ok').waitFor({ state: 'hidden' });
      await shot('delete-refused');
      assert((await prizeRow.count()) === 1, 'the award is still listed');
      const check = await api(page, base, 'T0002', '/api/awards/prizes/get', { id: prizeId });
      assert(check.code === 200 && check.data?.givenCount === 3, `the award is still there, given 3 times: ${JSON.stringify(check)}`);
      await closePanel(page);
    },
  },
  {
    name: 'awards: the student and the parent see their awards on a phone, in Chinese and English',
    async run({ page, context, base, browser, shot }) {
      for (const account of ['201911001', 'jz201911001']) {
        for (const lang of ['zh', 'en']) await myAwardsOnPhone(browser, base, account, lang);
      }
      // And the parent's list on a wide screen: a table with the same awards.
      await signIn(page, context, base, 'jz201911001');
      await page.goto(`${base}/jsgl/wdhj`);
      await page.getByTestId('my-awards-page').waitFor();
      await waitForRows(page);
      assert((await page.locator('.page-view:visible .ant-table-thead').count()) === 1, 'a table on a wide screen');
      const rows = await visibleRows(page).allInnerTexts();
      for (const award of SEEDED) assert(rows.some((text) => text.includes(award.name)), `the wide list shows ${award.name}`);
      await shot('my-awards-wide');
    },
  },
];
